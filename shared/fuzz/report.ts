import type { FuzzDifference } from './search';
import type { StateValue } from './trial';
import type { FuzzStep } from './variation';
import type { ScenarioEvent, ScenarioFile } from '../scenario/scenario-file';

/** A sender's word as shown in a line: bounded (the body is theirs). */
const bounded = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** `Updated READY→DISPATCHED` for a shipping change, else the event type. */
export function eventLabel(event: ScenarioEvent): string {
  const type = event.eventType === null ? '(no type)' : bounded(event.eventType);
  if (event.body === undefined) return type;
  try {
    const meta = (JSON.parse(event.body) as { metadata?: { PreviousStatus?: unknown; NewStatus?: unknown } | null }).metadata;
    if (typeof meta?.NewStatus === 'string') return `${type} ${typeof meta.PreviousStatus === 'string' ? bounded(meta.PreviousStatus, 20) : '?'}→${bounded(meta.NewStatus, 20)}`;
  } catch {
    // Not JSON: the type alone says what it is.
  }
  return type;
}

const ARRIVAL_WORDS = { first: '', retry: ', retried with the same event id', resend: ', lost and resent from the history' } as const;

/** One arrival in words: `Updated READY→DISPATCHED (event 41)`, `SuccessPayment (event 40, retried with the same event id)`. */
export function stepText(events: readonly ScenarioEvent[], step: FuzzStep): string {
  const event = events[step.event]!;
  const id = event.eventId === null ? 'no event id' : `event ${bounded(event.eventId, 24)}`;
  const pause = step.gapMs > 0 ? `, after ${step.gapMs} ms` : '';
  return `${eventLabel(event)} (${id}${ARRIVAL_WORDS[step.kind]}${pause})`;
}

/** The sequence as numbered lines a person reads. */
export function sequenceLines(events: readonly ScenarioEvent[], steps: readonly FuzzStep[]): string[] {
  return steps.map((step, i) => `${i + 1}. ${stepText(events, step)}`);
}

const valueText = (v: StateValue) => (v.found ? bounded(JSON.stringify(v.value) ?? 'undefined', 120) : 'nothing there');

/** `orders.{orderId}.shipping: expected "DISPATCHED", the handler's state said "PENDING"`. */
export function differenceText(d: FuzzDifference): string {
  return `${d.path}: expected ${valueText(d.expected)}, the handler's state said ${valueText(d.got)}`;
}

/** The `--expect PATH=VALUE` words that hold for the minimal sequence in recorded order (what `scenario run` checks). */
export function reproducingExpectations(differences: readonly FuzzDifference[]): string[] {
  return differences.flatMap((d) => {
    if (!d.expected.found) return [];
    const value = d.expected.value;
    const text = typeof value === 'string' && !isJsonText(value) ? value : JSON.stringify(value);
    return [`${d.path}=${text}`];
  });
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The minimal sequence as a scenario file: its events in that order, retries as repeated events with their recorded ids. */
export function sequenceScenarioFile(file: ScenarioFile, steps: readonly FuzzStep[], recordedAt: string): ScenarioFile {
  return {
    format: file.format,
    version: file.version,
    recordedAt,
    // Its events are no longer the recorded deliveries' list: the order alone says where they came from.
    source: file.source.orderId === undefined ? {} : { orderId: file.source.orderId },
    events: steps.map((s) => ({ ...file.events[s.event]!, gapMs: s.gapMs })),
  };
}
