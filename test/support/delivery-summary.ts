import type { DeliverySummary } from '../../shared/contract/live';

/** A received delivery's summary as the Live table gets it: an unsigned, answered POST, changed by `over`. */
export function deliverySummary(over: Partial<DeliverySummary> = {}): DeliverySummary {
  return {
    id: 1,
    receivedAt: '2026-01-01T00:00:00.000Z',
    method: 'POST',
    path: '/hook',
    bodySize: 0,
    truncated: false,
    truncation: null,
    eventId: null,
    eventCreated: null,
    eventType: null,
    level: null,
    orderType: null,
    orderId: null,
    orderReference: null,
    signature: 'no-key',
    signatureKeyId: null,
    diagnosis: null,
    unverified: false,
    duplicateOf: null,
    outOfOrder: false,
    answeredStatus: 200,
    handler: null,
    ...over,
  };
}
