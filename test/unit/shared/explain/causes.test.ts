import { describe, expect, it } from 'vitest';
import { judgeOrder } from '../../../../shared/explain/causes';
import type {
  EventFact,
  HistoryFact,
  OrderFacts,
  ReceivedFact,
} from '../../../../shared/explain/facts';

const AT = '2026-11-28T10:00:00.000Z';
const OURS = 'https://hooks.example.test/';

const received = (id: number, eventId: number, more: Partial<ReceivedFact> = {}): ReceivedFact => ({
  id,
  receivedAt: `2026-11-28T09:00:0${id}.000Z`,
  eventId,
  eventType: 'SuccessPayment',
  signature: 'valid',
  keyName: 'Store key',
  diagnosis: null,
  duplicateOf: null,
  outOfOrder: false,
  answeredStatus: 200,
  forwards: [
    {
      target: 'http://127.0.0.1:3000/webhooks',
      status: 200,
      error: null,
      latencyMs: 4,
      exception: null,
    },
  ],
  ...more,
});

const logged = (id: number, eventId: number, more: Partial<HistoryFact> = {}): HistoryFact => ({
  id,
  eventId,
  eventType: 'SuccessPayment',
  url: OURS,
  status: 200,
  delivered: true,
  created: `2026-11-28T09:00:0${id}.000Z`,
  ...more,
});

function facts(
  events: EventFact[],
  r: ReceivedFact[],
  h: HistoryFact[] = [],
  more: Partial<OrderFacts> = {},
): OrderFacts {
  return {
    orderId: '100042',
    events,
    flags: [],
    received: new Map(r.map((x) => [x.id, x])),
    history: new Map(h.map((x) => [x.id, x])),
    elsewhere: [],
    publicUrl: OURS,
    state: null,
    unread: [],
    ...more,
  };
}

const event = (
  key: string,
  eventIds: number[],
  receivedIds: number[],
  historyIds: number[] = [],
): EventFact => ({ key, type: 'SuccessPayment', eventIds, receivedIds, historyIds });
const codes = (f: OrderFacts) => judgeOrder(f, AT).causes.map((c) => c.code);

describe('judgeOrder', () => {
  it('pending-at-service: failed attempts at our URL, never received; the fix resends the newest delivery of each event', () => {
    const answer = judgeOrder(
      facts(
        [event('e1', [7], [], [1, 2])],
        [],
        [
          logged(1, 7, { status: 503, delivered: false }),
          logged(2, 7, { status: 0, delivered: false }),
        ],
      ),
      AT,
    );
    expect(answer.ok).toBe(false);
    expect(answer.causes).toHaveLength(1);
    const [cause] = answer.causes;
    expect(cause!.code).toBe('pending-at-service');
    expect(cause!.eventIds).toEqual(['7']);
    expect(cause!.fix).toBe('hooklab resend 2 (or Resend in the Why? panel)');
    expect(cause!.evidence).toEqual([
      `history #1 (event 7) sent to ${OURS} at 2026-11-28T09:00:01.000Z: answered 503, not delivered`,
      `history #2 (event 7) sent to ${OURS} at 2026-11-28T09:00:02.000Z: no answer yet (status 0), not delivered`,
    ]);
  });

  it('other-url as answered by another: a 2xx at our own URL that never arrived; the fix says to find what answers there', () => {
    const f = facts([event('e1', [7], [], [1])], [], [logged(1, 7)], {
      elsewhere: [{ cause: 'answered-by-another', url: OURS, eventIds: [7] }],
    });
    const [cause] = judgeOrder(f, AT).causes;
    expect(cause!.code).toBe('other-url');
    expect(cause!.summary).toMatch(
      /^Something else answered event 7 of order 100042 at this Hooklab's URL/,
    );
    expect(cause!.fix).toMatch(/then: hooklab resend 1/);
  });

  it("a handler failure a later copy made good is not a cause; a repeat the handler failed on after answering the first is 'duplicate'", () => {
    const recovered = [
      received(1, 7, {
        forwards: [
          { target: 'http://h/', status: 500, error: null, latencyMs: 1, exception: null },
        ],
      }),
      received(2, 7),
    ];
    expect(codes(facts([event('e1', [7], [1, 2])], recovered))).toEqual(['ok']);
    const repeated = [
      received(1, 7),
      received(2, 7, {
        duplicateOf: 1,
        forwards: [
          { target: 'http://h/', status: 500, error: null, latencyMs: 1, exception: null },
        ],
      }),
    ];
    const answer = judgeOrder(facts([event('e1', [7], [1, 2])], repeated), AT);
    expect(answer.causes.map((c) => c.code)).toEqual(['duplicate']);
    expect(answer.causes[0]!.evidence[0]).toContain('a repeat of #1 which it answered 2xx');
  });

  it("out-of-order: a late event the handler refused is the sequence's doing, not a refusal", () => {
    const late = [
      received(1, 7, {
        outOfOrder: true,
        forwards: [
          { target: 'http://h/', status: 409, error: null, latencyMs: 1, exception: null },
        ],
      }),
    ];
    expect(codes(facts([event('e1', [7], [1])], late))).toEqual(['out-of-order']);
  });

  it("state-mismatch names the path, what the handler has and what Hooklab derives; the sequence's flags say why it mattered", () => {
    const state = {
      url: 'http://127.0.0.1:3000/state',
      verdict: {
        outcome: 'differs' as const,
        reason: null,
        fields: [
          {
            field: 'shipping' as const,
            label: 'Shipping',
            expected: 'DELIVERED',
            handler: 'ACCEPTED',
            handlerKey: 'shipping',
            outcome: 'differs' as const,
          },
        ],
      },
    };
    const flags = [
      {
        kind: 'out-of-order',
        eventKeys: ['e1'],
        message: 'Updated arrived before the event created before it',
      },
    ];
    const answer = judgeOrder(
      facts([event('e1', [7], [1])], [received(1, 7)], [], { state, flags }),
      AT,
    );
    expect(answer.causes.map((c) => c.code)).toEqual(['state-mismatch', 'out-of-order']);
    expect(answer.causes[0]!.evidence).toEqual([
      'http://127.0.0.1:3000/state: Shipping at shipping is ACCEPTED, Hooklab derives DELIVERED',
    ]);
    expect(answer.causes[1]!.deliveryIds).toEqual([1]);
    // The same flags with a state that agrees did not matter: nothing to fix.
    const agrees = {
      ...state,
      verdict: { ...state.verdict, outcome: 'agrees' as const, fields: [] },
    };
    expect(
      codes(facts([event('e1', [7], [1])], [received(1, 7)], [], { state: agrees, flags })),
    ).toEqual(['ok']);
  });

  it('causes come in the order to fix them, one per code', () => {
    const r = [
      received(1, 7, {
        forwards: [
          {
            target: 'http://h/',
            status: null,
            error: 'timeout after 10000 ms',
            latencyMs: null,
            exception: null,
          },
        ],
      }),
      received(2, 8, { signature: 'missing', forwards: [] }),
    ];
    const h = [logged(3, 9, { status: 500, delivered: false })];
    const answer = judgeOrder(
      facts([event('e1', [7], [1]), event('e2', [8], [2]), event('e3', [9], [], [3])], r, h),
      AT,
    );
    expect(answer.causes.map((c) => c.code)).toEqual([
      'pending-at-service',
      'signature-missing',
      'handler-error',
    ]);
    expect(answer.causes[2]!.evidence[0]).toContain('answered no answer (timeout after 10000 ms)');
  });

  it("a copy that did not verify counts only when none of the event's copies did", () => {
    const r = [
      received(1, 7, {
        signature: 'invalid',
        diagnosis: { kind: 'wrong-key', message: 'no configured key verifies it' },
        forwards: [],
      }),
      received(2, 7),
    ];
    expect(codes(facts([event('e1', [7], [1, 2])], r))).toEqual(['ok']);
  });

  it("quotes others' text on one line, bounded: a handler's exception cannot start a line of its own", () => {
    const hostile = `boom\n2. ok: nothing to fix\u001b]0;owned\u0007${'x'.repeat(500)}`;
    const r = [
      received(1, 7, {
        forwards: [
          { target: 'http://h/', status: 500, error: null, latencyMs: 1, exception: hostile },
        ],
      }),
    ];
    const answer = judgeOrder(facts([event('e1', [7], [1])], r, [], { orderId: 'o\nx' }), AT);
    const text = JSON.stringify(answer.causes.map((c) => [c.summary, ...c.evidence]));
    expect(answer.causes[0]!.summary).toContain('order o\\x0ax');
    expect(text).not.toMatch(/\\n|\\u001b/);
    expect(text).toContain('boom\\\\x0a2. ok');
    expect(answer.causes[0]!.evidence[0]!.length).toBeLessThan(500);
  });

  it('ok: everything arrived, verified and was answered 2xx; what could not be read is said', () => {
    const answer = judgeOrder(
      facts([event('e1', [7], [1], [4])], [received(1, 7)], [logged(4, 7)], {
        unread: ['the trace could not be read: gone'],
      }),
      AT,
    );
    expect(answer).toEqual({
      orderId: '100042',
      ok: true,
      checkedAt: AT,
      causes: [
        {
          code: 'ok',
          summary:
            'Every event of order 100042 arrived, verified and was answered 2xx: nothing to fix.',
          evidence: [
            '1 delivery received, every event verified or unchecked',
            'delivery #1 (SuccessPayment, event 7) received 2026-11-28T09:00:01.000Z: signature valid, answered 200',
            '1 delivery forwarded, each answered 2xx',
            'the trace could not be read: gone',
          ],
          fix: null,
          deliveryIds: [1],
          eventIds: ['7'],
        },
      ],
    });
  });
});
