import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackName } from './loopback';

/*
 * `localhost` and every `*.localhost` name are this machine (RFC 6761 §6.3): Hooklab resolves
 * them itself, to loopback, without asking the system's resolver (most do not answer
 * `<sub>.localhost`, and one that answers elsewhere must not carry a signed body off the
 * machine). Every request Hooklab makes to a URL a user or a server gave it goes through this:
 * the probe of the public URL, the sandbox's webhooks, Replay, forwarding and the terminal's.
 */

const LOOPBACK: readonly LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** A lookup that answers loopback for any name (used only for loopback names). */
const loopbackLookup = ((_hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
  const family = typeof options === 'object' ? options.family : undefined;
  const wanted = LOOPBACK.filter((a) => family === undefined || family === 0 || family === a.family || family === `IPv${a.family}`);
  process.nextTick(() => {
    if ((options as LookupAllOptions).all) callback(null, wanted.map((a) => ({ ...a })));
    else callback(null, wanted[0]!.address, wanted[0]!.family);
  });
}) as unknown as LookupFunction;

/**
 * The `lookup` option of an http(s) request to `hostname`: loopback for `localhost` and
 * `*.localhost`, the system's resolver (nothing set) for any other name or an address.
 */
export function lookupFor(hostname: string): { lookup?: LookupFunction } {
  return isLoopbackName(hostname) ? { lookup: loopbackLookup } : {};
}
