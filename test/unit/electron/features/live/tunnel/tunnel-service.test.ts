import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TunnelStatus } from '../../../../../../shared/contract/status';
import { TunnelSettingsSchema } from '../../../../../../shared/settings';
import { TunnelService } from '../../../../../../electron/features/live/tunnel/tunnel-service';
import type { Timers } from '../../../../../../electron/features/live/tunnel/tunnel-client';
import { lieAboutNames } from '../../../../../support/lying-resolver';

/** Tunnel servers are named (one named by an IP address is refused): this name is loopback here. */
const NAME = 'tunnel.test';
let undoNames: () => void;
beforeAll(() => {
  undoNames = lieAboutNames({ [NAME]: '127.0.0.1' });
});
afterAll(() => undoNames());

/** Timers run by hand: the test sees every pending timer and fires them itself. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  const waiters: Array<{ ms: number; resolve: (id: number) => void }> = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const id = next++;
      pending.set(id, { callback, ms });
      for (const w of [...waiters]) {
        if (w.ms === ms) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(id);
        }
      }
      return id;
    },
    clearTimeout(id) {
      pending.delete(id as number);
    },
  };
  return {
    timers,
    pending,
    /** Resolves with the id of the next timer scheduled for `ms`. */
    scheduled: (ms: number) => new Promise<number>((resolve) => waiters.push({ ms, resolve })),
    fire(id: number) {
      const t = pending.get(id)!;
      pending.delete(id);
      t.callback();
    },
  };
}

/** A loopback port with nothing listening on it (connections are refused). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

let silent: Server | null = null;
const sockets: Socket[] = [];
let service: TunnelService | null = null;
afterEach(async () => {
  service?.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => (silent ? silent.close(r) : r(null)));
});

/** A service on hand-run timers whose requests to the tunnel server are counted. */
function countedService() {
  const clock = manualTimers();
  const statuses: Array<Partial<TunnelStatus>> = [];
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const counted = new TunnelService({ onStatus: (p) => statuses.push(p), onPublicUrl: () => {}, onAutoSubdomain: () => {}, log: () => {}, fetch: counting, timers: clock.timers });
  service = counted;
  return { service: counted, clock, statuses, requests: () => requests };
}

describe('TunnelService', () => {
  it('says so when the tunnel server does not answer within the open timeout', async () => {
    // Accepts connections and never answers: the client alone would wait forever.
    silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', r));
    const host = `http://${NAME}:${(silent.address() as AddressInfo).port}`;
    const statuses: Array<Partial<TunnelStatus>> = [];
    const errored = new Promise<Partial<TunnelStatus>>((resolve) => {
      service = new TunnelService({
        onStatus: (p) => {
          statuses.push(p);
          if (p.state === 'error') resolve(p);
        },
        onPublicUrl: () => {}, onAutoSubdomain: () => {},
        log: () => {},
        openTimeoutMs: 200,
      });
      service.apply(TunnelSettingsSchema.parse({ enabled: true, host }), 1);
    });
    const error = await errored;
    expect(statuses[0]).toMatchObject({ state: 'connecting' });
    expect(error.error).toMatch(/^retrying in 1 s: no answer from the tunnel server .* within 0.2 s$/);
  });

  it('shows a refused connection at once, keeps the cause through the backoff, and stops asking once closed', async () => {
    const { service, clock, statuses, requests } = countedService();
    const port = await deadPort();
    const cause = `connect ECONNREFUSED 127.0.0.1:${port}`;
    let backoff = clock.scheduled(1000);
    service.apply(TunnelSettingsSchema.parse({ enabled: true, host: `http://${NAME}:${port}` }), 1);
    // The refusal is shown as soon as it happens, not after the 15 s open timeout.
    let retry = await backoff;
    expect(statuses.at(-1)).toMatchObject({ state: 'error', error: `retrying in 1 s: ${cause}`, reconnectAttempt: 1 });
    expect([...clock.pending.values()].map((t) => t.ms)).toEqual([1000]);
    for (const seconds of [2, 4, 8]) {
      backoff = clock.scheduled(seconds * 1000);
      clock.fire(retry);
      // While it tries again, the last cause stays on screen.
      expect(statuses.at(-1)).toMatchObject({ state: 'connecting', error: `retrying now; last attempt: ${cause}` });
      retry = await backoff;
      expect(statuses.at(-1)).toMatchObject({ state: 'error', error: `retrying in ${seconds} s: ${cause}` });
    }
    expect(requests()).toBe(4);
    service.close();
    // Nothing left that could ever send another request.
    expect([...clock.pending.values()]).toEqual([]);
    expect(requests()).toBe(4);
  });

  it('shows a host that does not resolve at once, with the resolver\'s words', async () => {
    const clock = manualTimers();
    const statuses: Array<Partial<TunnelStatus>> = [];
    service = new TunnelService({ onStatus: (p) => statuses.push(p), onPublicUrl: () => {}, onAutoSubdomain: () => {}, log: () => {}, timers: clock.timers });
    const backoff = clock.scheduled(1000);
    // .invalid never resolves (RFC 6761).
    service.apply(TunnelSettingsSchema.parse({ enabled: true, host: 'https://hooklab-tunnel.invalid' }), 1);
    await backoff;
    expect(statuses.at(-1)).toMatchObject({ state: 'error' });
    expect(statuses.at(-1)!.error).toMatch(/^retrying in 1 s: getaddrinfo (ENOTFOUND|EAI_AGAIN) hooklab-tunnel\.invalid$/);
  });

  it('reports a refusal with the server\'s own message instead of retrying it as an outage', async () => {
    const refusing = createHttpServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'subdomain hooklab-x is not available' }));
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    try {
      const error = await new Promise<Partial<TunnelStatus>>((resolve) => {
        service = new TunnelService({
          onStatus: (p) => p.state === 'error' && resolve(p),
          onPublicUrl: () => {}, onAutoSubdomain: () => {},
          log: () => {},
        });
        const host = `http://${NAME}:${(refusing.address() as AddressInfo).port}`;
        service.apply(TunnelSettingsSchema.parse({ enabled: true, host, subdomain: 'hooklab-x' }), 1);
      });
      expect(error.error).toMatch(/^retrying in 1 s: subdomain hooklab-x is not available$/);
    } finally {
      service?.close();
      await new Promise((r) => refusing.close(r));
    }
  });

  it('explains a tunnel server named by an IP address without asking it, and does not retry', () => {
    const { service, clock, statuses, requests } = countedService();
    service.apply(TunnelSettingsSchema.parse({ enabled: true, host: 'http://127.0.0.1:6790' }), 1);
    expect(statuses.at(-1)).toMatchObject({
      state: 'error',
      publicUrl: null,
      reconnectAttempt: 0,
      error: 'the tunnel server http://127.0.0.1:6790 is named by an IP address: subdomains of an IP address do not resolve: give the server a name',
    });
    expect(requests()).toBe(0);
    expect([...clock.pending.values()]).toEqual([]);
  });

  it('is disabled without a listener port or when turned off, and reports an own public URL', () => {
    const statuses: Array<Partial<TunnelStatus>> = [];
    service = new TunnelService({ onStatus: (p) => statuses.push(p), onPublicUrl: () => {}, onAutoSubdomain: () => {}, log: () => {} });
    service.apply(TunnelSettingsSchema.parse({ enabled: false }), 1);
    service.apply(TunnelSettingsSchema.parse({ enabled: true }), null);
    service.apply(TunnelSettingsSchema.parse({ enabled: true, ownPublicUrl: 'https://x.example/' }), 1);
    expect(statuses.map((s) => s.state)).toEqual(['disabled', 'disabled', 'own-url']);
    expect(statuses[1]!.error).toMatch(/listener/);
    expect(statuses[2]!.publicUrl).toBe('https://x.example/');
  });
});
