import { seededRandom } from './chaos-plan';

/** A Fisher-Yates shuffle of a copy, the same for the same seed (the chaos replay's generator). */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** How a scenario run orders its sends (`scenario run --shuffle --seed --duplicates`, `scenario.run`). */
export interface SendOrder {
  readonly shuffle: boolean;
  readonly seed: number;
  /** Each event is sent this many more times right after itself, as the service retries. */
  readonly duplicates: number;
}

/** The events in the order a run sends them (shuffled with the seed when asked); each then its copies. */
export function scenarioSends<T>(events: readonly T[], order: SendOrder): Array<{ readonly event: T; readonly copies: number }> {
  return (order.shuffle ? seededShuffle(events, order.seed) : [...events]).map((event) => ({ event, copies: order.duplicates }));
}

/** The orderId of a JSON body, for the line that reports a send; null when it has none. */
export function orderIdOf(body: Uint8Array): string | null {
  try {
    const value = (JSON.parse(new TextDecoder().decode(body)) as { orderId?: unknown }).orderId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
