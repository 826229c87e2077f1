import { spawnServer, type ServerProcess } from '../../../../support/server-process';

/** One real `serve` process on a given data folder, on free ports. */
export interface ServeOnFolder {
  readonly process: ServerProcess;
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The printed address, with the access token in its fragment. */
  readonly openUrl: string;
  readonly token: string;
  /** Stops it with SIGTERM (it releases its lock) and waits until its process group is gone. */
  stop(): Promise<void>;
}

/**
 * Starts `electron/hosts/cli/serve.ts --data-dir <dataDir>` (its own process group, no tsx
 * wrapper) and resolves when it prints its address. The sandbox and the OTLP receiver run on free ports so tests
 * never race for the fixed default.
 */
export async function startServeOn(dataDir: string, extraArgs: readonly string[] = [], env?: NodeJS.ProcessEnv): Promise<ServeOnFolder> {
  const sandbox = extraArgs.includes('--no-sandbox') || extraArgs.includes('--sandbox-port') ? [] : ['--sandbox-port', '0'];
  const server = spawnServer(
    'electron/hosts/cli/serve.ts',
    ['--ui-port', '0', '--listener-port', '0', '--otlp-port', '0', ...sandbox, '--data-dir', dataDir, ...extraArgs],
    env ? { env } : {},
  );
  let openUrl: string;
  try {
    openUrl = (await server.waitFor(/Hooklab is running at (http:\/\/\S+)/))[1]!;
  } catch (error) {
    await server.killGroup();
    throw error;
  }
  const url = new URL(openUrl);
  return {
    process: server,
    url: url.origin,
    openUrl,
    token: url.hash.slice('#token='.length),
    stop: () => server.killGroup('SIGTERM'),
  };
}

/** Calls the contract over HTTP with a given token; resolves with the status and the envelope. */
export async function callWith(url: string, token: string, name: string, args: unknown = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api/calls/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: await response.json() };
}
