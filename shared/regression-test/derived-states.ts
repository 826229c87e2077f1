import type { OrderSummary } from '../sequences/model';
import { deriveOrder } from '../sequences/derive-order';
import { groupByOrder } from '../sequences/group-orders';
import type { DeliveryInput } from '../sequences/delivery-input';
import { scenarioEventBytes, type ScenarioFile } from '../scenario/scenario-file';

/** The states Sequences shows for an order: what a regression test expects when given no --expect. */
export type DerivedStates = Pick<OrderSummary, 'status' | 'payment' | 'shipping' | 'threeDs'>;

function asDelivery(event: ScenarioFile['events'][number], i: number): DeliveryInput {
  const createdMs = event.eventCreated === null ? null : Date.parse(event.eventCreated);
  return {
    ref: { source: 'live', id: i + 1 },
    eventId: event.eventId === null || !/^\d+$/.test(event.eventId) ? null : Number(event.eventId),
    created: event.eventCreated,
    createdMs: createdMs !== null && Number.isFinite(createdMs) ? createdMs : null,
    arrivedMs: Date.parse(event.receivedAt) || 0,
    body: scenarioEventBytes(event),
  };
}

/**
 * The scenario's events by order, read by Sequences' own rules (shared/sequences): the same
 * events in the same order give the states the Sequences area shows.
 */
export function scenarioOrders(file: ScenarioFile): Map<string, DerivedStates> {
  const grouped = groupByOrder(file.events.map(asDelivery));
  const nowMs = Date.parse(file.recordedAt) || 0;
  const out = new Map<string, DerivedStates>();
  for (const [orderId, deliveries] of grouped.orders) {
    const { status, payment, shipping, threeDs } = deriveOrder(orderId, deliveries, nowMs, { summaryOnly: true }).summary;
    out.set(orderId, { status, payment, shipping, threeDs });
  }
  return out;
}
