import type { OrderDetail, OrderSummary } from '../sequences/model';
import { chaosPlan, type ChaosSettings } from './chaos-plan';
import { compareHandlerState, type StateVerdict } from './state-verdict';
import type { ScenarioFile } from '../scenario/scenario-file';
import type { ReceivedDelivery } from '../scenario/received-delivery';

type SendBody = { kind: 'text'; text: string } | { kind: 'bytes'; base64: string };

/** One `replay.send` as a chaos run makes it: the original's event id and time kept, signed as it was. */
interface ChaosSendArgs {
  readonly request: {
    readonly body: SendBody;
    readonly headers: { eventId: { mode: 'keep' }; eventCreated: { mode: 'keep' } };
    readonly key: { kind: 'listener'; id: string } | { kind: 'current' };
  };
  readonly targetUrl: string;
  readonly origin:
    | { kind: 'received'; ref: string; eventId: string | null; eventCreated: string | null }
    | { kind: 'fixture'; ref: string; eventId: string | null; eventCreated: string | null };
}

/** What a chaos run reads of each send's stored replay. */
interface SentReplay {
  readonly summary: { id: number; eventId: string | null; status: number | null; error: string | null; latencyMs: number | null };
}

/**
 * The calls a chaos run makes, as narrow as it reads them: any contract client's `call` fits.
 * An intersection, not an interface of overloads, so that fitting is checked call by call
 * (TypeScript erases a generic `call`'s type parameter against several overloads at once).
 */
export type ChaosCalls = ((name: 'sequences.get', args: { orderId: string }) => Promise<OrderDetail>) &
  ((name: 'live.get', args: { id: number }) => Promise<ReceivedDelivery>) &
  ((name: 'replay.send', args: ChaosSendArgs) => Promise<{ replays: SentReplay[] }>) &
  ((name: 'flows.handlerState', args: { url: string }) => Promise<NonNullable<ChaosReport['handlerState']>>);

export interface ChaosRunOptions extends ChaosSettings {
  readonly orderId: string;
  /** The user's local handler, as a Replay target (loopback, or opted in there). */
  readonly targetUrl: string;
  /** Optional: the handler's own view of the order (GET, JSON), read after the run. */
  readonly stateUrl: string | null;
  /** Where the order's state is in that JSON (`orders.{orderId}`); absent: found by its usual places. */
  readonly statePath?: string | null;
  /** Send a scenario file's events (`hooklab scenario record`, or saved here) instead of the order's received ones. */
  readonly scenario?: ScenarioFile;
}

/** One send of the run and what the handler answered. */
export interface ChaosSend {
  readonly position: number;
  readonly type: string;
  /** X-Svc-Event-Id as sent: the original event's, kept (null for an unlogged original, see docs/service.md#unlogged-deliveries). */
  readonly eventId: string | null;
  readonly copy: number;
  readonly delayMs: number;
  readonly status: number | null;
  readonly error: string | null;
  readonly latencyMs: number | null;
  /** The replay in Replay's history. */
  readonly replayId: number;
}

export interface ChaosReport {
  readonly orderId: string;
  readonly seed: number;
  readonly sends: ChaosSend[];
  /** Events that could not be replayed (not received here: no bytes to send), with why. */
  readonly skipped: Array<{ type: string; reason: string }>;
  /** The state the order's events lead to, in event-created order (what the handler should end in); null for a scenario file of an order not received here. */
  readonly derived: OrderSummary | null;
  /** What the handler's state URL answered after the run, when one was given. */
  readonly handlerState: { status: number | null; body: unknown; error: string | null } | null;
  /** That state compared with `derived`, field by field (null without a state URL). */
  readonly verdict: StateVerdict | null;
}

interface Source {
  readonly type: string;
  /** The received delivery it comes from; null for a scenario file's event. */
  readonly deliveryId: number | null;
  readonly eventId: string | null;
  readonly eventCreated: string | null;
  readonly keyId: string | null;
  readonly body: SendBody;
}

/**
 * Chaos replay: re-sends a recorded order's events to the user's handler shuffled, with
 * duplicates and delays drawn from a seed (the same seed, the same run), each through Replay's
 * engine (`replay.send`): signed as the service signs, with the key that verified the original
 * and its event id and event-created kept, and stored in Replay's history. Then reads the
 * handler's state URL, to set beside the state the events lead to.
 */
export async function runChaosReplay(
  call: ChaosCalls,
  sleep: (ms: number) => Promise<void>,
  options: ChaosRunOptions,
  onSend?: (send: ChaosSend) => void,
): Promise<ChaosReport> {
  const { sources, skipped, derived } = options.scenario
    ? await scenarioSources(call, options.scenario, options.orderId)
    : await receivedSources(call, options.orderId);

  const sends: ChaosSend[] = [];
  for (const [position, step] of chaosPlan(sources.length, options).entries()) {
    const source = sources[step.eventIndex]!;
    if (step.delayMs > 0) await sleep(step.delayMs);
    const { replays } = await call('replay.send', {
      request: {
        body: source.body,
        headers: { eventId: { mode: 'keep' }, eventCreated: { mode: 'keep' } },
        key: source.keyId ? { kind: 'listener', id: source.keyId } : { kind: 'current' },
      },
      targetUrl: options.targetUrl,
      origin:
        source.deliveryId === null
          ? { kind: 'fixture', ref: 'scenario file', eventId: source.eventId, eventCreated: source.eventCreated }
          : { kind: 'received', ref: String(source.deliveryId), eventId: source.eventId, eventCreated: source.eventCreated },
    });
    const replay = replays[0]!.summary;
    const send: ChaosSend = {
      position: position + 1,
      type: source.type,
      eventId: replay.eventId,
      copy: step.copy,
      delayMs: step.delayMs,
      status: replay.status,
      error: replay.error,
      latencyMs: replay.latencyMs,
      replayId: replay.id,
    };
    sends.push(send);
    onSend?.(send);
  }

  const handlerState = options.stateUrl ? await call('flows.handlerState', { url: options.stateUrl }) : null;
  const verdict = handlerState && derived ? compareHandlerState(derived, handlerState, { orderId: options.orderId, statePath: options.statePath ?? null }) : null;
  return { orderId: options.orderId, seed: options.seed, sends, skipped, derived, handlerState, verdict };
}

interface Sources {
  sources: Source[];
  skipped: ChaosReport['skipped'];
  derived: OrderSummary | null;
}

/** An order's events as received here (exact bytes), each with the key that verified it. */
async function receivedSources(call: ChaosCalls, orderId: string): Promise<Sources> {
  const order = await call('sequences.get', { orderId });
  const sources: Source[] = [];
  const skipped: ChaosReport['skipped'] = [];
  for (const event of order.events) {
    const received = event.deliveries.find((d) => d.source === 'live');
    if (!received) {
      skipped.push({ type: event.type, reason: 'never received here (history only): its exact bytes are not stored' });
      continue;
    }
    const d = await call('live.get', { id: received.id });
    sources.push({
      type: event.type,
      deliveryId: received.id,
      eventId: d.summary.eventId === null ? null : String(d.summary.eventId),
      eventCreated: d.summary.eventCreated,
      keyId: d.summary.signature === 'valid' ? d.summary.signatureKeyId : null,
      body: d.bodyText !== null ? { kind: 'text', text: d.bodyText } : { kind: 'bytes', base64: d.bodyBase64 },
    });
  }
  return { sources, skipped, derived: order.summary };
}

/** A scenario file's events, signed with the current key; the derived state when the order is known here. */
async function scenarioSources(call: ChaosCalls, file: ScenarioFile, orderId: string): Promise<Sources> {
  const sources: Source[] = file.events.map((e) => ({
    type: e.eventType ?? '(no type)',
    deliveryId: null,
    eventId: e.eventId,
    eventCreated: e.eventCreated,
    keyId: null,
    body: e.body !== undefined ? { kind: 'text', text: e.body } : { kind: 'bytes', base64: e.bodyBase64! },
  }));
  const derived = orderId ? await call('sequences.get', { orderId }).then((o) => o.summary, () => null) : null;
  return { sources, skipped: [], derived };
}
