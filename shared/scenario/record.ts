import type { ReceivedDelivery } from './received-delivery';
import { SCENARIO_FILE_FORMAT, SCENARIO_FILE_VERSION, type ScenarioFile } from './scenario-file';

/**
 * The two calls recording makes, as narrow as it reads them: any contract client's `call` fits
 * (an intersection, so that fitting is checked call by call; see ChaosCalls in shared/flows/chaos-run.ts).
 */
export type RecordCalls = ((
  name: 'live.list',
  args: { limit: number; beforeId?: number },
) => Promise<{ rows: Array<{ id: number; orderId: string | null }>; nextBeforeId: number | null }>) &
  ((name: 'live.get', args: { id: number }) => Promise<ReceivedDelivery>);

/** What to record: an order's received deliveries, or these delivery ids. */
export type ScenarioSelection = { readonly orderId: string } | { readonly ids: readonly number[] };

/** A reason the deliveries cannot make a scenario (nothing found, a body not whole). */
export class ScenarioRecordError extends Error {}

async function orderDeliveryIds(call: RecordCalls, orderId: string): Promise<number[]> {
  const ids: number[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const page = await call('live.list', { limit: 1000, ...(beforeId ? { beforeId } : {}) });
    for (const row of page.rows) if (row.orderId === orderId) ids.push(row.id);
    if (page.nextBeforeId === null) return ids.sort((a, b) => a - b);
    beforeId = page.nextBeforeId;
  }
}

/** One recorded event: the body as text when it is UTF-8 (readable in a diff), else Base64. */
function toScenarioEvent(d: ReceivedDelivery, previousMs: number | null): ScenarioFile['events'][number] {
  const receivedMs = Date.parse(d.summary.receivedAt);
  return {
    gapMs: previousMs === null ? 0 : Math.max(0, receivedMs - previousMs),
    receivedAt: d.summary.receivedAt,
    eventType: d.summary.eventType,
    eventId: d.summary.eventId === null ? null : String(d.summary.eventId),
    eventCreated: d.summary.eventCreated,
    headers: d.headers,
    ...(d.bodyText !== null ? { body: d.bodyText } : { bodyBase64: d.bodyBase64 }),
  };
}

/**
 * Signature verdicts of deliveries that count as the service's: verified with a configured key,
 * or received with none configured (as Sequences counts them; docs/security.md).
 */
const VOUCHED_FOR = new Set(['valid', 'no-key']);

/**
 * A scenario file from received deliveries, through the contract (the CLI and the app record
 * the same file): exact bodies, headers in order, the gaps between arrivals. `vouchedForOnly`
 * leaves out deliveries whose signature did not verify with a configured key: a regression
 * test signs every event it sends, and must not make a forgery a genuine event.
 */
export async function recordScenario(call: RecordCalls, selection: ScenarioSelection, recordedAt: string, options: { vouchedForOnly?: boolean } = {}): Promise<ScenarioFile> {
  const ids = 'ids' in selection ? [...selection.ids] : await orderDeliveryIds(call, selection.orderId);
  if (ids.length === 0) throw new ScenarioRecordError('orderId' in selection ? `no received delivery is about order ${selection.orderId}` : 'no delivery ids given');
  const events: ScenarioFile['events'] = [];
  let previousMs: number | null = null;
  for (const id of ids) {
    const detail = await call('live.get', { id });
    if (options.vouchedForOnly && !VOUCHED_FOR.has(detail.summary.signature)) continue;
    if (detail.summary.truncated) throw new ScenarioRecordError(`delivery #${id} was not received whole (${detail.summary.truncation}); a scenario needs exact bodies`);
    events.push(toScenarioEvent(detail, previousMs));
    previousMs = Date.parse(detail.summary.receivedAt);
  }
  if (events.length === 0) throw new ScenarioRecordError(`every received delivery of ${'orderId' in selection ? `order ${selection.orderId}` : 'these ids'} is unverified (its signature did not verify with a configured key): nothing the service sent to replay`);
  const source = 'ids' in selection ? { ids } : { orderId: selection.orderId };
  return { format: SCENARIO_FILE_FORMAT, version: SCENARIO_FILE_VERSION, recordedAt, source, events };
}
