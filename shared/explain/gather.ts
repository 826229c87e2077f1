/**
 * Reads the facts of one order through the contract (any client's `call` fits): Sequences' view
 * of it, each received delivery with its signature verdict and forward results, the traces of
 * failed forwards, the history copy of each event, reconciliation's sent-elsewhere view, and
 * the handler's state endpoint when one is given.
 */
import type { OrderDetail } from '../sequences/model';
import { compareHandlerState } from '../flows/state-verdict';
import { is2xx } from '../http/status';
import { bounded } from './words';
import type {
  ElsewhereFact,
  EventFact,
  ForwardFact,
  HistoryFact,
  OrderFacts,
  ReceivedFact,
  StateFact,
} from './facts';

/** A received delivery as the explainer reads it (a part of `live.get`'s answer). */
export interface ReceivedDetail {
  readonly summary: Omit<ReceivedFact, 'forwards' | 'keyName'> & {
    readonly orderId: string | null;
    readonly signatureKeyId: string | null;
  };
  readonly forwards: ReadonlyArray<{
    target: string;
    status: number | null;
    error: string | null;
    latencyMs: number | null;
    traceId: string | null;
  }>;
}

/**
 * The calls the explainer makes, as narrow as it reads them: any contract client's `call` fits
 * (an intersection, checked call by call; see ChaosCalls in shared/flows/chaos-run.ts).
 */
export type ExplainCalls = ((
  name: 'sequences.get',
  args: { orderId: string },
) => Promise<OrderDetail>) &
  ((name: 'live.get', args: { id: number; bodyBytes: number }) => Promise<ReceivedDetail>) &
  ((
    name: 'replay.keys',
    args: Record<string, never>,
  ) => Promise<{ keys: ReadonlyArray<{ id: string; label: string }> }>) &
  ((
    name: 'history.local',
    args: { eventId: number; limit: number },
  ) => Promise<{ deliveries: ReadonlyArray<HistoryDelivery> }>) &
  ((
    name: 'history.sentElsewhere',
    args: { since: string },
  ) => Promise<{ publicUrl: string | null; groups: readonly ElsewhereFact[] }>) &
  ((
    name: 'traces.get',
    args: { traceId: string; maxSpans: number },
  ) => Promise<{ spans: readonly TracedSpan[] }>) &
  ((
    name: 'flows.handlerState',
    args: { url: string },
  ) => Promise<{ status: number | null; body: unknown; error: string | null }>);

/** A span as the explainer reads it: its events, an `exception` among them (OpenTelemetry's names). */
interface TracedSpan {
  readonly events: ReadonlyArray<{ name: string; attributes: Record<string, unknown> }>;
}

/** The first exception a trace recorded, as "type: message". */
function firstException(spans: readonly TracedSpan[]): string | null {
  const event = spans.flatMap((s) => s.events).find((e) => e.name === 'exception');
  if (!event) return null;
  const type = String(event.attributes['exception.type'] ?? '');
  const message = String(event.attributes['exception.message'] ?? '');
  return type ? `${type}: ${message}` : message;
}

interface HistoryDelivery {
  readonly id: number;
  readonly eventId: number;
  readonly eventType: string;
  readonly url: string;
  readonly responseStatusCode: number;
  readonly delivered: boolean;
  readonly created: string;
}

/** The handler's state endpoint to compare with (`--expect-state`), and where the order is in it. */
export interface StateCheck {
  readonly url: string;
  readonly path?: string | null;
}

/** Spans read of one failed forward's trace: its exception is in the first few. */
const TRACE_SPANS = 200;
/** History deliveries read per event (an event resent a hundred times is already explained). */
const HISTORY_PER_EVENT = 1000;

/** A read that may be missing in this configuration: its failure is said, never the whole answer's. */
async function optional<T>(
  unread: string[],
  what: string,
  read: () => Promise<T>,
): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    unread.push(`${what} could not be read: ${bounded((error as Error).message)}`);
    return null;
  }
}

async function forwardFacts(
  call: ExplainCalls,
  unread: string[],
  forwards: ReceivedDetail['forwards'],
): Promise<ForwardFact[]> {
  return Promise.all(
    forwards.map(async (f) => {
      let exception: string | null = null;
      if (!is2xx(f.status) && f.traceId) {
        const trace = await optional(unread, `the trace ${f.traceId}`, () =>
          call('traces.get', { traceId: f.traceId!, maxSpans: TRACE_SPANS }),
        );
        exception = trace ? firstException(trace.spans) : null;
      }
      return {
        target: f.target,
        status: f.status,
        error: f.error,
        latencyMs: f.latencyMs,
        exception,
      };
    }),
  );
}

async function receivedFact(
  call: ExplainCalls,
  unread: string[],
  id: number,
  keyNames: ReadonlyMap<string, string>,
): Promise<ReceivedFact | null> {
  const detail = await optional(unread, `received delivery #${id}`, () =>
    call('live.get', { id, bodyBytes: 1 }),
  );
  if (!detail) return null;
  const s = detail.summary;
  return {
    id: s.id,
    receivedAt: s.receivedAt,
    eventId: s.eventId,
    eventType: s.eventType,
    signature: s.signature,
    keyName: s.signatureKeyId ? (keyNames.get(s.signatureKeyId) ?? s.signatureKeyId) : null,
    diagnosis: s.diagnosis,
    duplicateOf: s.duplicateOf,
    outOfOrder: s.outOfOrder,
    answeredStatus: s.answeredStatus,
    forwards: await forwardFacts(call, unread, detail.forwards),
  };
}

async function historyFacts(
  call: ExplainCalls,
  unread: string[],
  eventIds: readonly number[],
): Promise<Map<number, HistoryFact>> {
  const facts = new Map<number, HistoryFact>();
  for (const eventId of eventIds) {
    const page = await optional(unread, `the history of event ${eventId}`, () =>
      call('history.local', { eventId, limit: HISTORY_PER_EVENT }),
    );
    if (!page) break;
    for (const d of page.deliveries) {
      facts.set(d.id, {
        id: d.id,
        eventId: d.eventId,
        eventType: d.eventType,
        url: d.url,
        status: d.responseStatusCode,
        delivered: d.delivered,
        created: d.created,
      });
    }
  }
  return facts;
}

async function stateFact(
  call: ExplainCalls,
  unread: string[],
  detail: OrderDetail,
  check: StateCheck | null,
): Promise<StateFact | null> {
  if (!check) return null;
  const answer = await optional(unread, `the state URL ${check.url}`, () =>
    call('flows.handlerState', { url: check.url }),
  );
  if (!answer) return null;
  return {
    url: check.url,
    verdict: compareHandlerState(detail.summary, answer, {
      orderId: detail.summary.orderId,
      statePath: check.path ?? null,
    }),
  };
}

/** Every fact of `detail`'s order that the rules judge. */
export async function gatherOrderFacts(
  call: ExplainCalls,
  detail: OrderDetail,
  check: StateCheck | null,
): Promise<OrderFacts> {
  const unread: string[] = [];
  const events: EventFact[] = detail.events.map((e) => ({
    key: e.key,
    type: e.type,
    eventIds: e.eventIds,
    receivedIds: e.deliveries.filter((d) => d.source === 'live').map((d) => d.id),
    historyIds: e.deliveries.filter((d) => d.source === 'history').map((d) => d.id),
  }));
  const keys = await optional(unread, 'the key names', () => call('replay.keys', {}));
  const keyNames = new Map((keys?.keys ?? []).map((k) => [k.id, k.label] as const));
  const received = new Map<number, ReceivedFact>();
  for (const id of events.flatMap((e) => e.receivedIds)) {
    const fact = await receivedFact(call, unread, id, keyNames);
    if (fact) received.set(id, fact);
  }
  const eventIds = [...new Set(events.flatMap((e) => e.eventIds))];
  const history = await historyFacts(call, unread, eventIds);
  const since = [...history.values()].map((h) => h.created).sort()[0];
  const elsewhere = since
    ? await optional(unread, 'where the service sent deliveries', () =>
        call('history.sentElsewhere', { since }),
      )
    : null;
  const orderEvents = new Set(eventIds);
  return {
    orderId: detail.summary.orderId,
    events,
    flags: detail.flags,
    received,
    history,
    elsewhere: (elsewhere?.groups ?? [])
      .map((g) => ({ ...g, eventIds: g.eventIds.filter((id) => orderEvents.has(id)) }))
      .filter((g) => g.eventIds.length > 0),
    publicUrl: elsewhere?.publicUrl ?? null,
    state: await stateFact(call, unread, detail, check),
    unread,
  };
}

/** The facts of one received delivery that names no order: the delivery alone. */
export async function gatherDeliveryFacts(
  call: ExplainCalls,
  id: number,
): Promise<OrderFacts | null> {
  const unread: string[] = [];
  const keys = await optional(unread, 'the key names', () => call('replay.keys', {}));
  const fact = await receivedFact(
    call,
    [],
    id,
    new Map((keys?.keys ?? []).map((k) => [k.id, k.label] as const)),
  );
  if (!fact) return null;
  const event: EventFact = {
    key: `delivery-${id}`,
    type: fact.eventType ?? '?',
    eventIds: fact.eventId === null ? [] : [fact.eventId],
    receivedIds: [id],
    historyIds: [],
  };
  return {
    orderId: null,
    events: [event],
    flags: [],
    received: new Map([[id, fact]]),
    history: new Map(),
    elsewhere: [],
    publicUrl: null,
    state: null,
    unread,
  };
}
