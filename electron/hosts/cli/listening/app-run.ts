import { join } from 'node:path';
import type { Core } from '../../../core/core';
import { forwardTargetsFor } from '../../../features/live/forwarding/routes';
import { InstanceLockedError, type InstanceKind } from '../../../services/instance/instance-lock';
import type { CoreContext } from '../../../core/context';
import { DataFolderError } from '../../../services/platform/private-files';
import { openDataFolder, type OpenFolder } from '../../data-folder/open-folder';
import type { Invocation } from '../framework/command';
import { CliError } from '../framework/exit-codes';
import { localSession, quietLogger } from '../framework/session';
import { packageRoot } from '../package-root';
import { appVersion } from '../version';
import { printDeliveries } from './delivery-printer';
import { stderrNotify } from './stderr-notify';
import { printTunnel } from './tunnel-printer';

/** How `serve` or `listen` holds the data folder for its run. */
export interface AppRun {
  readonly kind: Extract<InstanceKind, 'serve' | 'listen'>;
  readonly dataDir: string;
  /** `--save`: the options are kept for later starts, as a change in Settings. */
  readonly save: boolean;
  readonly projectConfigPath: string | undefined;
  /** Puts this run's command-line options into settings and secrets before the core starts. */
  readonly options: (ctx: CoreContext) => void;
  /** listen: warnings only on stderr, and areas without handlers are no error. */
  readonly quiet?: boolean;
  /** serve: a start the folder refuses (other than a held or unusable folder) is said with the usage line. */
  readonly refusalIsUsage?: boolean;
}

/**
 * The start-up `serve` and `listen` share: the data folder held (one writer per folder, taken
 * before the database opens: a second serve, listen or desktop app on it is refused here and the
 * first keeps working) with this run's options (for this run only, unless --save), notifications
 * on stderr, the core started with one line per delivery and the tunnel's public URL on the output.
 */
export async function startAppRun(inv: Invocation, run: AppRun): Promise<{ folder: OpenFolder; core: Core }> {
  let folder: OpenFolder;
  try {
    folder = openDataFolder({
      dataDir: run.dataDir,
      kind: run.kind,
      version: appVersion(),
      ...(run.quiet ? { log: quietLogger(), requireAllHandlers: false } : {}),
      capabilities: { notify: stderrNotify() },
      projectConfigPath: run.projectConfigPath,
      save: run.save,
      options: run.options,
    });
  } catch (error) {
    if (error instanceof InstanceLockedError) throw new CliError(error.message);
    if (!run.refusalIsUsage || error instanceof DataFolderError || !(error instanceof Error)) throw error;
    throw new CliError(error.message, { usage: true });
  }
  const core = await folder.start((started) => {
    const session = localSession(started);
    printDeliveries(session, inv.out, (type) => forwardTargetsFor(started.ctx.config.settings.get().listener, type));
    printTunnel(session, inv.out);
  });
  return { folder, core };
}

/** The UI's files, served with the local API (when built). */
export function rendererDir(): string {
  return join(packageRoot(), 'out/renderer');
}

/** Resolves once SIGINT or SIGTERM has closed the folder (a second signal while it closes is ignored). */
export function closeOnInterrupt(folder: OpenFolder): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void folder.close().finally(() => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
