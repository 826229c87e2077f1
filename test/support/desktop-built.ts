import { fileURLToPath } from 'node:url';
import { desktopBuild, desktopBuildIsStale } from '../../electron/hosts/cli/start/desktop-build';
import { runQuietBuild } from '../../electron/hosts/cli/start/quiet-build';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds out/ (what `npm start` opens) when missing or older than its sources, as `npm start` does; throws when the build fails. */
export function ensureDesktopBuilt(): void {
  if (desktopBuildIsStale(root) && !runQuietBuild(desktopBuild(root), (text) => process.stderr.write(text))) {
    throw new Error('the desktop app did not build (its log is named above)');
  }
}

/** How long a hook that may build waits: the build takes minutes on a busy machine. */
export const BUILD_TIMEOUT_MS = 600_000;
