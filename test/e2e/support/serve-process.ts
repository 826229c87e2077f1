import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** One running `serve` (browser host + whole core) with its own data dir. */
export interface ServeProcess {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The URL with the token, to open once: the host trades it for a cookie. */
  readonly openUrl: string;
  readonly dataDir: string;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `electron/cli/serve.ts` on free ports (`--port 0`, `--listener-port 0`) with a fresh
 * temp data dir, and resolves when it prints `Hooklab is running at <url>`.
 */
export async function startServe(extraArgs: readonly string[] = []): Promise<ServeProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-e2e-'));
  const tsx = join(root, 'node_modules/.bin/tsx');
  const child: ChildProcess = spawn(
    tsx,
    ['electron/cli/serve.ts', '--port', '0', '--listener-port', '0', '--data-dir', dataDir, ...extraArgs],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` } },
  );
  let output = '';
  const openUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Hooklab is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before it was ready:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: new URL(openUrl).origin,
    openUrl,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
