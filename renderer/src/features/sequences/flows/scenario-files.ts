import type { DeliverySummary } from '../../../../../shared/contract/live';
import { parseScenarioFile, type ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import type { FlowOrder } from './flow-order-events';

/** A scenario file chosen in the page: its name (to show) and its parsed content. */
export interface OpenedScenario {
  readonly name: string;
  readonly file: ScenarioFile;
}

/** A chosen file's text as an opened scenario, or one line naming the file and what is wrong with it. */
export function readChosenScenario(name: string, text: string): { ok: true; scenario: OpenedScenario } | { ok: false; error: string } {
  const parsed = parseScenarioFile(text);
  return parsed.ok ? { ok: true, scenario: { name, file: parsed.file } } : { ok: false, error: `${name}: ${parsed.error}` };
}

/**
 * Why a flow's order cannot be saved as a scenario file yet, or null when it can: the file is
 * recorded by the service's order id (as `hooklab scenario record` does), so it needs that id
 * and at least one of its webhooks received by the listener.
 */
export function flowScenarioBlocker(order: FlowOrder, events: readonly DeliverySummary[]): string | null {
  if (order.orderId === null) return order.reference === null ? 'Run a flow first' : 'Waiting for the service to name the order id';
  if (!events.some((e) => e.orderId === order.orderId)) return "Waiting for the order's webhooks to arrive at the listener";
  return null;
}
