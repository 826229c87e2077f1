import { isIP } from 'node:net';

/** At most this many sockets to the tunnel server, whatever it asks for (the official server allows 10). */
export const MAX_TUNNEL_SOCKETS = 10;

/** What Hooklab uses of a tunnel server's answer, once checked. */
export interface TunnelGrant {
  /** The subdomain granted (the first label of `url`). */
  readonly id: string;
  /** The public URL (an origin): http(s), on the tunnel server's own domain. */
  readonly url: string;
  /** Where to open the tunnel's sockets: the server's name, or an address it resolves to. */
  readonly remoteHost: string;
  readonly remotePort: number;
  readonly maxSockets: number;
}

/**
 * Domains a server is known to hand out addresses under besides its own: the public server is
 * asked at localtunnel.me and answers https://<id>.loca.lt.
 */
const SERVER_DOMAINS: Readonly<Record<string, readonly string[]>> = { 'localtunnel.me': ['loca.lt'] };

/**
 * Why a tunnel server setting cannot work, said before connecting; null when it can. The
 * official server hands out `<id>.<the server's host>`: under an IP address that is a name no
 * resolver answers.
 */
export function tunnelHostProblem(host: string): string | null {
  if (!URL.canParse(host)) return `the tunnel server "${host}" is not a URL: give it as https://name`;
  const url = new URL(host);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the tunnel server ${host} is not an http(s) address`;
  if (isIP(bareHostname(url.hostname)) !== 0) {
    return `the tunnel server ${host} is named by an IP address: subdomains of an IP address do not resolve: give the server a name`;
  }
  return null;
}

/** The domains a server's public URLs may be under: its own name, its parents, and known aliases. */
function serverDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  const parents = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.')).filter((d) => d.includes('.') || d === 'localhost');
  return [hostname, ...parents, ...(SERVER_DOMAINS[hostname] ?? [])];
}

/**
 * Checks a tunnel server's answer to `GET /<subdomain>` (`{ id, url, port, max_conn_count,
 * ip? }`) and returns what to use of it; throws an Error saying what is wrong. Nothing in it is
 * trusted: the URL is shown, saved, probed and put in the merchant portal, the port and
 * address are connected to, the socket count decides how many are opened.
 * `addressesOf` resolves the server's name, to check an `ip` it answers.
 */
export async function checkTunnelAnswer(
  body: unknown,
  host: string,
  addressesOf: (hostname: string) => Promise<readonly string[]>,
): Promise<TunnelGrant> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Error('the tunnel server answered something other than a JSON object');
  const answer = body as Record<string, unknown>;
  const server = new URL(host);
  const serverName = bareHostname(server.hostname).toLowerCase();
  const said = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

  const raw = answer['url'];
  if (typeof raw !== 'string' || !URL.canParse(raw)) throw new Error(`the tunnel server answered a public URL that is not a URL: ${said(raw)}`);
  const url = new URL(raw);
  const publicName = url.hostname.toLowerCase();
  const [first, ...rest] = publicName.split('.');
  const domain = rest.join('.');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || !first || !serverDomains(serverName).includes(domain)) {
    throw new Error(`the tunnel server answered the public URL ${said(raw)}, which is not an http(s) address on its own domain ${serverName}`);
  }
  if (typeof answer['id'] === 'string' && answer['id'].toLowerCase() !== first) {
    throw new Error(`the tunnel server answered the public URL ${said(raw)} for another subdomain than the one it granted (${said(answer['id'])})`);
  }

  const port = answer['port'];
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`the tunnel server answered no valid port: ${said(port)}`);

  const asked = answer['max_conn_count'];
  const maxSockets = typeof asked === 'number' && Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_TUNNEL_SOCKETS) : 1;

  // The server may name one of its own addresses (a name with several); any other is ignored:
  // an answer never points the tunnel at another machine.
  const ip = answer['ip'];
  let remoteHost = serverName;
  if (typeof ip === 'string' && isIP(ip) !== 0) {
    const own = await addressesOf(serverName).catch(() => [] as readonly string[]);
    if (own.includes(ip)) remoteHost = ip;
  }
  return { id: first, url: url.origin, remoteHost, remotePort: port, maxSockets };
}

/** `[::1]` → `::1`: URL keeps the brackets of an IPv6 host. */
function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
