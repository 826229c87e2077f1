import { freePort } from './free-port';
import { spawnServer, type ServerProcess } from './server-process';

/** The official localtunnel server on loopback, as docs/live.md's offline recipe runs it. */
export interface OfficialTunnelServer {
  readonly port: number;
  /** What to enter as the tunnel server in Settings → Public URL. */
  readonly host: string;
  stop(): Promise<void>;
}

/**
 * Starts the official localtunnel server (`../shared/tools/localtunnel-server/lt-server.cjs`,
 * beside the checkout here and in CI) on a free loopback port with the domain `localhost`, in
 * its own process group: it hands out `http://<id>.localhost:<port>`, names only Hooklab
 * resolves (to loopback, RFC 6761). Resolves once it listens.
 */
export async function startOfficialTunnelServer(): Promise<OfficialTunnelServer> {
  const port = await freePort();
  const server: ServerProcess = spawnServer('test/support/lt-server-with-domain.ts', ['../shared/tools/localtunnel-server/lt-server.cjs'], {
    env: { LT_PORT: String(port), LT_DOMAIN: 'localhost' },
  });
  await server.waitFor(/lt server on \d+/).catch(async (error: unknown) => {
    await server.killGroup();
    throw error;
  });
  return { port, host: `http://localhost:${port}`, stop: () => server.killGroup('SIGTERM') };
}
