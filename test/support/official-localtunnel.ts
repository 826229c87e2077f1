import { fileURLToPath } from 'node:url';
import { request } from 'node:http';
import { freePort } from './free-port';
import { spawnServer, spawnShell, type ServerProcess } from './server-process';

/** The official localtunnel server (github.com/localtunnel/server), beside the checkout as CI has it. */
export const OFFICIAL_LT_SERVER = fileURLToPath(new URL('../../../shared/tools/localtunnel-server/lt-server.cjs', import.meta.url));

/** The name tests give the server: public URLs are `http://<id>.lt.test:<port>`, resolved by lieAboutNames. */
export const OFFICIAL_LT_DOMAIN = 'lt.test';

export interface OfficialLocaltunnel {
  /** The tunnel host to set in Hooklab (`http://lt.test:<port>`). */
  readonly host: string;
  readonly port: number;
  readonly process: ServerProcess;
  /** Connected sockets of a client, or null when the server has no client by that id. */
  socketsOf(id: string): Promise<number | null>;
  /** Stops the server's whole process group. */
  close(): Promise<void>;
}

/**
 * Starts the official server on a loopback port of its own, as its own process group. Public
 * requests go to 127.0.0.1:<port> with the `Host` of the public URL (see publicPost). With
 * `domain: 'localhost'` it runs as docs/live.md's offline recipe does (`--domain localhost`,
 * through lt-server-with-domain.ts): it hands out `http://<id>.localhost:<port>`, names only
 * Hooklab resolves (to loopback, RFC 6761). `port` starts it again on the port a stopped one had
 * (a restart of the tunnel server, as its operator would do).
 */
export async function startOfficialLocaltunnel(options: { domain?: 'localhost'; port?: number } = {}): Promise<OfficialLocaltunnel> {
  const port = options.port ?? (await freePort());
  const proc = options.domain
    ? spawnServer('test/support/lt-server-with-domain.ts', [OFFICIAL_LT_SERVER], { env: { LT_PORT: String(port), LT_DOMAIN: options.domain } })
    : spawnShell(`exec "${process.execPath}" "${OFFICIAL_LT_SERVER}"`, { env: { LT_PORT: String(port) } });
  await proc.waitFor(/lt server on \d+/).catch(async (error: unknown) => {
    await proc.killGroup();
    throw error;
  });
  const name = options.domain ?? OFFICIAL_LT_DOMAIN;
  const host = `http://${name}:${port}`;
  return {
    host,
    port,
    process: proc,
    async socketsOf(id) {
      const res = await publicRequest(port, 'GET', `${name}:${port}`, `/api/tunnels/${id}/status`, '', {});
      return res.status === 404 ? null : (JSON.parse(res.body) as { connected_sockets: number }).connected_sockets;
    },
    close: () => proc.killGroup('SIGTERM'),
  };
}

export interface PublicAnswer {
  readonly status: number;
  readonly body: string;
}

/** A request to the tunnel server at 127.0.0.1:port for `host` (a public URL's host, or the server's own). */
export function publicRequest(
  port: number,
  method: string,
  host: string,
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
): Promise<PublicAnswer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { Host: host, 'Content-Length': String(bytes.length), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

/** POSTs to a public URL (`http://<id>.lt.test:<port>`) through the server on loopback. */
export function publicPost(publicUrl: string, path: string, body: string | Uint8Array, headers: Record<string, string>): Promise<PublicAnswer> {
  const url = new URL(publicUrl);
  return publicRequest(Number(url.port), 'POST', url.host, path, body, headers);
}
