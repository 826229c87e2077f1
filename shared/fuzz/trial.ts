import type { Expectation } from '../flows/expectations';
import { expectationSteps } from '../flows/expectations';
import { valueAtPath } from '../flows/state-path';
import { scenarioEventBytes, type ScenarioEvent } from '../scenario/scenario-file';
import type { FuzzStep } from './variation';

/** One delivery as a fuzz trial sends it: the body with the trial's order id, the trial's event id, the recorded time. */
export interface FuzzDelivery {
  readonly body: Uint8Array;
  readonly eventId: string;
  readonly created: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

/** The handler under test, as the host reaches it (the CLI's signed POST, the app's). */
export interface FuzzHandler {
  /** Signs and sends one delivery; `error` when no answer came (any HTTP status is an answer). */
  send(delivery: FuzzDelivery): Promise<{ error: string | null }>;
  /** The handler's state as JSON; throws (with words) when it cannot be read. */
  readState(): Promise<unknown>;
  sleep(ms: number): Promise<void>;
}

/** A value at an expectation's path after a trial: found or not. */
export type StateValue = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** What each trial's ids are made from: a tag of the search and a source of event ids. */
export interface TrialIds {
  /** Put in every order id of a search (`<recorded>-<tag>-<trial>`), so no two searches share an order. */
  readonly tag: string;
  readonly newEventId: () => string;
}

/** The handler could not be reached: the search cannot judge anything. */
export class HandlerUnreachable extends Error {}

const ORDER_ID_FIELD = /("orderId"\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

/**
 * The body's text with every `"orderId": "…"` replaced by its run's id (byte for byte otherwise;
 * the signature is computed at send time). A body that is not text is sent as it is.
 */
export function withOrderIds(event: ScenarioEvent, idFor: (recorded: string) => string): Uint8Array {
  if (event.body === undefined) return scenarioEventBytes(event);
  return new TextEncoder().encode(event.body.replace(ORDER_ID_FIELD, (_, head: string, id: string) => `${head}${JSON.stringify(idFor(JSON.parse(`"${id}"`) as string))}`));
}

/** The order id `{orderId}` stands for: the file's, else the first body's. */
export function recordedOrderId(file: { source: { orderId?: string | undefined }; events: readonly ScenarioEvent[] }): string | null {
  if (file.source.orderId) return file.source.orderId;
  for (const e of file.events) {
    const match = e.body === undefined ? null : new RegExp(ORDER_ID_FIELD.source).exec(e.body);
    if (match) return JSON.parse(`"${match[2]}"`) as string;
  }
  return null;
}

/**
 * One trial: the steps sent to the handler under fresh ids (its own order ids and event ids,
 * a retry keeping its event's id), then the values at the expectations' paths in its state.
 */
export async function runTrial(
  events: readonly ScenarioEvent[],
  steps: readonly FuzzStep[],
  expectations: readonly Expectation[],
  handler: FuzzHandler,
  ids: TrialIds & { readonly trial: number; readonly orderId: string | null },
): Promise<StateValue[]> {
  const idFor = (recorded: string) => `${recorded}-${ids.tag}-${ids.trial}`;
  const eventIds = new Map<number, string>();
  for (const step of steps) {
    if (step.gapMs > 0) await handler.sleep(step.gapMs);
    const event = events[step.event]!;
    if (!eventIds.has(step.event)) eventIds.set(step.event, ids.newEventId());
    const sent = await handler.send({
      body: withOrderIds(event, idFor),
      eventId: eventIds.get(step.event)!,
      created: event.eventCreated ?? event.receivedAt,
      headers: event.headers,
    });
    if (sent.error !== null) throw new HandlerUnreachable(sent.error);
  }
  const state = await handler.readState();
  const runOrderId = ids.orderId === null ? null : idFor(ids.orderId);
  return expectations.map((e) => {
    const parsed = expectationSteps(e.path, runOrderId, ids.orderId);
    if ('error' in parsed) return { found: false };
    const at = valueAtPath(state, parsed.steps);
    return at.found ? { found: true, value: at.value } : { found: false };
  });
}
