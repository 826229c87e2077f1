import { subscribe } from 'node:diagnostics_channel';

interface Waiter {
  readonly pathPart: string;
  readonly resolve: () => void;
}

const waiters = new Set<Waiter>();
let subscribed = false;

/** Node's fetch (undici) publishes here when a request's headers are written to the socket. */
function onSendHeaders(message: unknown): void {
  const path = (message as { request?: { path?: unknown } }).request?.path;
  if (typeof path !== 'string') return;
  for (const w of waiters) {
    if (path.includes(w.pathPart)) {
      waiters.delete(w);
      w.resolve();
    }
  }
}

/**
 * Resolves once a request whose path contains `pathPart` has left (undici's
 * `undici:client:sendHeaders` channel), or after `fallbackMs` when that channel stays silent
 * (another fetch). The poller uses it to start its synchronous database write only after the
 * next page's request is on the wire, so the service works while we write.
 */
export function whenRequestSent(pathPart: string, fallbackMs = 5): Promise<void> {
  if (!subscribed) {
    subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => done(), fallbackMs);
    const waiter: Waiter = { pathPart, resolve: () => done() };
    function done(): void {
      clearTimeout(timer);
      waiters.delete(waiter);
      resolve();
    }
    waiters.add(waiter);
  });
}
