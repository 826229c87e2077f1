import type { ReplaySummary } from '../../../../shared/contract/replay';

/** One replay as Replay's history lists it: an answered POST sent from the app, changed by `over`. */
export function replaySummary(id: number, over: Partial<ReplaySummary> = {}): ReplaySummary {
  return {
    id,
    sentAt: '2026-01-01T00:00:00.000Z',
    batchId: 'b',
    draftId: null,
    draftName: null,
    method: 'POST',
    targetUrl: 'http://127.0.0.1:3000/webhooks',
    eventId: null,
    eventType: 'Created',
    tamper: 'none',
    bodySize: 2,
    status: 200,
    error: null,
    latencyMs: 3,
    sentFrom: 'app',
    traceId: null,
    ...over,
  };
}
