/** How a chaos replay disorders an order's events; the same settings give the same plan. */
export interface ChaosSettings {
  /** Any integer: the same seed gives the same order, duplicates and delays. */
  readonly seed: number;
  /** Probability (0..1) that an event is sent a second time, like an at-least-once retry. */
  readonly duplicateRate: number;
  /** Each send waits a drawn 0..maxDelayMs before it goes. */
  readonly maxDelayMs: number;
}

/** One send of the plan: which event (by its index in event-created order), which copy, after how long. */
export interface ChaosStep {
  readonly eventIndex: number;
  /** 1 for the first send of the event, 2 for its duplicate. */
  readonly copy: number;
  readonly delayMs: number;
}

/** mulberry32: a small, fast PRNG with good spread, so a seed replays exactly on any machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The sends of a chaos replay of `eventCount` events: each event once, some twice
 * (duplicateRate), all shuffled (Fisher-Yates), each with a delay. Pure and seeded.
 */
export function chaosPlan(eventCount: number, settings: ChaosSettings): ChaosStep[] {
  const random = seededRandom(settings.seed);
  const sends: Array<{ eventIndex: number; copy: number }> = [];
  for (let i = 0; i < eventCount; i++) {
    sends.push({ eventIndex: i, copy: 1 });
    if (random() < settings.duplicateRate) sends.push({ eventIndex: i, copy: 2 });
  }
  for (let i = sends.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sends[i], sends[j]] = [sends[j]!, sends[i]!];
  }
  return sends.map((s) => ({ ...s, delayMs: Math.floor(random() * (settings.maxDelayMs + 1)) }));
}
