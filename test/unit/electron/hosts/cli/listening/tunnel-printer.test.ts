import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../../../../electron/hosts/cli/cli-io';
import { createOutput } from '../../../../../../electron/hosts/cli/framework/output';
import type { CoreSession } from '../../../../../../electron/hosts/cli/framework/session';
import { printTunnel } from '../../../../../../electron/hosts/cli/listening/tunnel-printer';
import { terminalTime } from '../../../../../../electron/hosts/cli/framework/terminal-time';
import type { TunnelStatus } from '../../../../../../shared/contract/status';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A session whose only event is the app status the test emits. */
function statusSession(): { session: CoreSession; emit(tunnel: Partial<TunnelStatus>): void } {
  let listener: ((payload: unknown) => void) | null = null;
  const session = {
    onEvent: (_name: string, cb: (payload: unknown) => void) => {
      listener = cb;
      return () => {};
    },
  } as unknown as CoreSession;
  return { session, emit: (tunnel) => listener?.({
        tunnel: {
          state: 'open',
          publicUrl: null,
          urlChanged: false,
          error: null,
          probe: { reachable: null, checkedAt: null, latencyMs: null, error: null, unreachableSince: null, reach: null, answeredByAnother: 0 },
          notice: null,
          ...tunnel,
        },
      }) };
}

describe("the tunnel server's words on the terminal (issue 25, item 4)", () => {
  it('prints its URL and its refusal with their control characters escaped', () => {
    const err: string[] = [];
    const io: CliIo = { out: () => {}, err: (t) => void err.push(t), env: {}, colors: true };
    const { session, emit } = statusSession();
    printTunnel(session, createOutput(io, false));
    emit({ state: 'open', publicUrl: 'https://x.example\u001b]8;;https://evil/\u0007click\u001b]8;;\u0007' });
    emit({ state: 'error', error: 'refused\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u009b1m', reconnectAttempt: 1 });
    emit({
      state: 'open',
      publicUrl: 'https://x.example',
      probe: { reachable: false, checkedAt: '2026-11-26T10:00:00.000Z', latencyMs: null, error: 'the tunnel server answered 503: \u001b[2Jgone', unreachableSince: '2026-11-26T10:00:00.000Z', reach: 'public', answeredByAnother: 0 },
      notice: 'granted \u001b]0;title\u0007 instead',
    });
    expect(err.join('')).not.toMatch(RAW_CONTROL);
    expect(err).toEqual([
      'public URL: https://x.example\\x1b]8;;https://evil/\\x07click\\x1b]8;;\\x07\n',
      'tunnel down: refused\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\x9b1m (retrying)\n',
      'public URL: https://x.example\n',
      'NOTICE: granted \\x1b]0;title\\x07 instead\n',
      // The terminal's times are local (terminalTime), never raw ISO.
      `public URL NOT reachable since ${terminalTime('2026-11-26T10:00:00.000Z')}: the tunnel server answered 503: \\x1b[2Jgone\n`,
    ]);
  });

  it('says an address only this machine can reach, and deliveries the service says something else answered', () => {
    const err: string[] = [];
    const io: CliIo = { out: () => {}, err: (t) => void err.push(t), env: {}, colors: true };
    const { session, emit } = statusSession();
    printTunnel(session, createOutput(io, false));
    const back = { reachable: false, checkedAt: '2026-11-26T10:00:00.000Z', latencyMs: 7, error: 'a probe came back to this Hooklab, but only this machine can reach this address: the service cannot', unreachableSince: null, reach: 'this-machine' as const, answeredByAnother: 0 };
    emit({ state: 'own-url', publicUrl: 'http://127.0.0.1:4780/webhooks', probe: back });
    emit({ state: 'own-url', publicUrl: 'http://127.0.0.1:4780/webhooks', probe: { ...back, checkedAt: '2026-11-26T10:01:00.000Z', latencyMs: 9 } });
    emit({ state: 'own-url', publicUrl: 'http://127.0.0.1:4780/webhooks', probe: { ...back, answeredByAnother: 2 } });
    expect(err.slice(1)).toEqual([
      'public URL NOT reachable by the service: a probe came back to this Hooklab, but only this machine can reach this address: the service cannot\n',
      'public URL NOT reachable: the service says it delivered 2 deliveries to this public URL in the last hour that never reached this Hooklab: something between the service and Hooklab answered in its place, and the service will not retry them (resend them from Live or History)\n',
    ]);
  });
});

describe('a tunnel that waits for a new setting', () => {
  it('says why without "(retrying)": a server named by an IP address is not asked again', () => {
    const err: string[] = [];
    const io: CliIo = { out: () => {}, err: (t) => void err.push(t), env: {}, colors: false };
    const { session, emit } = statusSession();
    printTunnel(session, createOutput(io, false));
    emit({ state: 'error', error: 'the tunnel server http://127.0.0.1:6790 is named by an IP address: subdomains of an IP address do not resolve: give the server a name', reconnectAttempt: 0 });
    expect(err).toEqual(['tunnel down: the tunnel server http://127.0.0.1:6790 is named by an IP address: subdomains of an IP address do not resolve: give the server a name\n']);
  });
});
