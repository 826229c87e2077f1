import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { networkInterfaces } from 'node:os';

type LookupCallback = (error: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;

/**
 * Makes the system resolver answer `names` with the given IPv4 addresses, as a hostile or
 * misconfigured DNS would; every other name resolves as usual. A name `*.example.test` stands
 * for example.test and every name under it. Node's http, fetch and the app's own `node:dns` imports
 * all see it. Returns the undo.
 */
export function lieAboutNames(names: Readonly<Record<string, string>>): () => void {
  const real = dns.lookup;
  const addressOf = (hostname: string): string | undefined =>
    names[hostname] ??
    Object.entries(names).find(([name]) => name.startsWith('*.') && (hostname.toLowerCase().endsWith(name.slice(1)) || hostname.toLowerCase() === name.slice(2)))?.[1];
  const lying = ((hostname: string, options: unknown, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    const address = addressOf(hostname);
    if (address === undefined) return (real as (...args: unknown[]) => void)(hostname, options, callback);
    process.nextTick(() => (opts.all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4)));
  }) as typeof dns.lookup;
  dns.lookup = lying;
  const promises = dns.promises.lookup;
  dns.promises.lookup = (async (hostname: string, options?: { all?: boolean }) => {
    const address = addressOf(hostname);
    if (address === undefined) return (promises as (...args: unknown[]) => unknown)(hostname, options);
    return options?.all ? [{ address, family: 4 }] : { address, family: 4 };
  }) as typeof dns.promises.lookup;
  syncBuiltinESMExports();
  return () => {
    dns.lookup = real;
    dns.promises.lookup = promises;
    syncBuiltinESMExports();
  };
}

/** This machine's first non-loopback IPv4 address: reachable here, but not loopback. */
export function externalIPv4(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  if (!found) throw new Error('this test needs a non-loopback IPv4 address on the machine');
  return found.address;
}
