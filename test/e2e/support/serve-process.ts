import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../../support/server-process';

/** One running `serve` (browser host + whole core) with its own data dir. */
export interface ServeProcess {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The URL to open: the token rides in its fragment (`/#token=…`), never in a cookie. */
  readonly openUrl: string;
  readonly dataDir: string;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `electron/hosts/cli/serve.ts` on free ports (`--ui-port 0`, `--listener-port 0`, `--sandbox-port 0`, `--otlp-port 0`) with a fresh
 * temp data dir (removed on stop), or on `options.dataDir` (kept: a restart test starts it again),
 * and resolves when it prints `Hooklab is running at <url>`.
 */
export async function startServe(
  extraArgs: readonly string[] = [],
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; prepareDataDir?: (dataDir: string) => void } = {},
): Promise<ServeProcess> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hooklab-e2e-'));
  // A test that needs a data folder in a given state (broken files) writes it before start.
  options.prepareDataDir?.(dataDir);
  // The server itself in its own process group (no tsx wrapper): stop() ends exactly it.
  // Every port a free one (never the defaults 4780-4782 a running Hooklab holds), unless the test chooses.
  const sandbox = extraArgs.includes('--no-sandbox') || extraArgs.includes('--sandbox-port') ? [] : ['--sandbox-port', '0'];
  const server = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--otlp-port', '0', ...sandbox, '--data-dir', dataDir, ...extraArgs], { env: options.env ?? {} });
  const openUrl = (await server.waitFor(/Hooklab is running at (http:\/\/\S+)/).catch(async (error: unknown) => {
    await server.killGroup();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }))[1]!;
  return {
    url: new URL(openUrl).origin,
    openUrl,
    dataDir,
    output: () => server.output(),
    async stop() {
      // SIGTERM lets serve close its database; the group (tsx's esbuild service too) must be gone.
      await server.killGroup('SIGTERM');
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
