import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/flows/chaos-plan';
import { parseExpectationText, type Expectation } from '../../../../shared/flows/expectations';
import { searchFailingOrder } from '../../../../shared/fuzz/search';
import { sequenceLines, sequenceScenarioFile, reproducingExpectations, differenceText } from '../../../../shared/fuzz/report';
import { withOrderIds, type FuzzHandler } from '../../../../shared/fuzz/trial';
import { canonicalSteps, drawVariation, runSeed } from '../../../../shared/fuzz/variation';
import type { ScenarioEvent, ScenarioFile } from '../../../../shared/scenario/scenario-file';
import { shrinkSequence } from '../../../../shared/fuzz/shrink';
import { createHandlerState, type StatefulKind } from '../../../fixtures/handler-state';

const ORDER = '900001';

function event(id: number, type: string, metadata: object | null = null): ScenarioEvent {
  return {
    gapMs: 0,
    receivedAt: '2026-01-01T00:00:00.000Z',
    eventType: type,
    eventId: String(id),
    eventCreated: '2026-01-01T00:00:00.000Z',
    headers: [['Content-Type', 'application/json']],
    body: JSON.stringify({ orderId: ORDER, type, metadata }),
  };
}

const shipped = (id: number, from: string, to: string) => event(id, 'Updated', { PreviousStatus: from, NewStatus: to });

/** An order of seven events: created, paid, shipped PENDING to DELIVERED (the sandbox's shipping-delivered). */
const FILE: ScenarioFile = {
  format: 'hooklab-scenario',
  version: 1,
  recordedAt: '2026-01-01T00:00:00.000Z',
  source: { orderId: ORDER },
  events: [
    event(39, 'Created'),
    event(40, 'SuccessPayment'),
    shipped(41, 'PENDING', 'ACCEPTED'),
    shipped(42, 'ACCEPTED', 'READY'),
    shipped(43, 'READY', 'DISPATCHED'),
    shipped(44, 'DISPATCHED', 'ON_ITS_WAY'),
    shipped(45, 'ON_ITS_WAY', 'DELIVERED'),
  ],
};

const expectations: Expectation[] = ['orders.{orderId}.payments=1', 'orders.{orderId}.shipping=DELIVERED'].map((t) => {
  const parsed = parseExpectationText(t);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.expectation;
});

/** The stateful test handler's logic in memory: what a run sends it, and its state (no network). */
function memoryHandler(kind: StatefulKind): FuzzHandler & { sent: number } {
  const state = createHandlerState(kind);
  const handler = {
    sent: 0,
    async send(d: { body: Uint8Array; eventId: string }) {
      handler.sent++;
      state.apply(d.eventId, new TextDecoder().decode(d.body));
      return { error: null };
    },
    readState: async () => JSON.parse(JSON.stringify({ orders: state.orders })) as unknown,
    sleep: async () => {},
  };
  return handler;
}

function search(kind: StatefulKind, options: { runs?: number; seed?: number; endsAt?: number; signal?: AbortSignal; only?: string } = {}) {
  let next = 1000;
  const handler = memoryHandler(kind);
  const expected = options.only ? expectations.filter((e) => e.path.endsWith(options.only!)) : expectations;
  const outcome = searchFailingOrder(FILE, expected, handler, { tag: 't', newEventId: () => String(next++) }, {
    runs: options.runs ?? 300,
    seed: options.seed ?? 1,
    maxGapMs: 20,
    now: () => 0,
    endsAt: options.endsAt ?? 1,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { handler, outcome };
}

describe('drawVariation', () => {
  it('is the same for the same seed, sends every event at least once, and varies order, retries and resends across seeds', () => {
    const draw = (seed: number) => drawVariation(7, seededRandom(runSeed(1, seed)), { maxGapMs: 20 });
    expect(draw(3)).toEqual(draw(3));
    const many = Array.from({ length: 200 }, (_, i) => draw(i));
    for (const steps of many) expect(new Set(steps.map((s) => s.event)).size).toBe(7);
    const kinds = new Set(many.flatMap((steps) => steps.map((s) => s.kind)));
    expect([...kinds].sort()).toEqual(['first', 'resend', 'retry']);
    expect(many.some((steps) => steps.some((s) => s.gapMs > 0))).toBe(true);
    expect(many.filter((steps) => steps.map((s) => s.event).join() === '0,1,2,3,4,5,6').length).toBeLessThan(20);
    // A retry at once follows its event; some retries come after other events.
    expect(many.some((steps) => steps.some((s, i) => s.kind === 'retry' && steps[i - 1]?.event !== s.event))).toBe(true);
  });

  it('canonical steps are the distinct events in recorded order, once each', () => {
    expect(canonicalSteps([{ event: 4, kind: 'first', gapMs: 3 }, { event: 1, kind: 'retry', gapMs: 0 }, { event: 4, kind: 'retry', gapMs: 0 }])).toEqual([
      { event: 1, kind: 'first', gapMs: 0 },
      { event: 4, kind: 'first', gapMs: 0 },
    ]);
  });
});

describe('shrinkSequence', () => {
  it('drops what does not matter and restores the order where it does not matter (ddmin)', async () => {
    // Fails whenever event 5 arrives before event 2: the rest is noise.
    const fails = async (steps: { event: number }[]) => {
      const order = steps.map((s) => s.event);
      return order.includes(5) && order.includes(2) && order.indexOf(5) < order.indexOf(2);
    };
    const noisy = [6, 5, 0, 3, 1, 4, 2, 2, 6].map((event, i) => ({ event, kind: i === 7 ? ('retry' as const) : ('first' as const), gapMs: i }));
    const { steps, complete } = await shrinkSequence(noisy, fails);
    expect(complete).toBe(true);
    expect(steps.map((s) => s.event)).toEqual([5, 2]);
    expect(steps.every((s) => s.gapMs === 0)).toBe(true);
  });

  it('stops when told, keeping the smallest failing sequence found so far', async () => {
    let calls = 0;
    const steps = [3, 2, 1, 0].map((event) => ({ event, kind: 'first' as const, gapMs: 0 }));
    const shrunk = await shrinkSequence(steps, async (candidate) => (++calls > 1 ? null : candidate.length > 0));
    expect(shrunk.complete).toBe(false);
    expect(shrunk.steps.length).toBeLessThan(steps.length);
  });
});

describe('searchFailingOrder', () => {
  it('finds a shipping Updated that arrives before SuccessPayment and shrinks it to two events', async () => {
    const { outcome } = search('payment-resets-shipping');
    const found = await outcome;
    expect(found.outcome).toBe('failed');
    if (found.outcome !== 'failed') return;
    expect(found.run).toBeGreaterThan(0);
    expect(found.run).toBeLessThanOrEqual(300);
    expect(found.complete).toBe(true);
    expect(found.minimal.length).toBeLessThanOrEqual(3);
    const lines = sequenceLines(FILE.events, found.minimal);
    expect(lines).toEqual(['1. Updated ON_ITS_WAY→DELIVERED (event 45)', '2. SuccessPayment (event 40)']);
    expect(found.differences.map(differenceText)).toEqual(['orders.{orderId}.shipping: expected "DELIVERED", the handler\'s state said "PENDING"']);
    // The run found said so against the expectations given (the state it left may be any status before DELIVERED).
    expect(found.failures.map(differenceText)).toEqual([expect.stringMatching(/^orders\.\{orderId\}\.shipping: expected "DELIVERED", the handler's state said "[A-Z_]+"$/)]);
    expect(reproducingExpectations(found.differences)).toEqual(['orders.{orderId}.shipping=DELIVERED']);
    const minimal = sequenceScenarioFile(FILE, found.minimal, 'now');
    expect(minimal.events.map((e) => e.eventId)).toEqual(['45', '40']);
    expect(minimal.source).toEqual({ orderId: ORDER });
  });

  it('finds a retried SuccessPayment applied twice and shrinks it to the payment and its retry', async () => {
    // Its shipping takes the last Updated that arrives (another bug): only payments is expected here.
    const found = await search('processes-duplicates', { only: 'payments' }).outcome;
    expect(found.outcome).toBe('failed');
    if (found.outcome !== 'failed') return;
    expect(sequenceLines(FILE.events, found.minimal)).toEqual(['1. SuccessPayment (event 40)', '2. SuccessPayment (event 40, retried with the same event id)']);
    expect(found.differences.map(differenceText)).toEqual(['orders.{orderId}.payments: expected 1, the handler\'s state said 2']);
  });

  it('passes a correct handler in every run; the same seed is the same search', async () => {
    const a = search('correct', { runs: 120, seed: 9 });
    const b = search('correct', { runs: 120, seed: 9 });
    expect(await a.outcome).toEqual({ outcome: 'passed', runs: 120, stopped: null });
    await b.outcome;
    expect(a.handler.sent).toBe(b.handler.sent);
    expect(a.handler.sent).toBeGreaterThan(121 * 7);
  });

  it('says when the recorded order fails already (run 0, nothing to shrink)', async () => {
    const strict = parseExpectationText('orders.{orderId}.payments=3');
    if ('error' in strict) throw new Error(strict.error);
    const found = await searchFailingOrder(FILE, [strict.expectation], memoryHandler('correct'), { tag: 't', newEventId: (() => { let n = 0; return () => String(++n); })() }, { runs: 5, seed: 1, maxGapMs: 0, now: () => 0, endsAt: 1 });
    expect(found).toMatchObject({ outcome: 'failed', run: 0 });
  });

  it('stops at its time limit or when cancelled, saying so', async () => {
    expect(await search('correct', { endsAt: 0 }).outcome).toEqual({ outcome: 'passed', runs: 0, stopped: 'time' });
    const cancelled = new AbortController();
    cancelled.abort();
    expect(await search('correct', { signal: cancelled.signal }).outcome).toEqual({ outcome: 'passed', runs: 0, stopped: 'cancelled' });
  });
});

describe('withOrderIds', () => {
  it("rewrites every orderId field of a body to the run's id and nothing else", () => {
    const body = '{"orderId":"900001","metadata":{"orderId" : "900001","OrderReference":"900001"}}';
    const out = new TextDecoder().decode(withOrderIds({ ...FILE.events[0]!, body }, (id) => `${id}-r1`));
    expect(out).toBe('{"orderId":"900001-r1","metadata":{"orderId" : "900001-r1","OrderReference":"900001"}}');
  });
});
