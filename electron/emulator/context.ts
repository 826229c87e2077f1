import { setTimeout as delay } from 'node:timers/promises';
import type { WebhookEvent } from '../../shared/service';
import type { TokenIssuer } from './auth';
import type { DispatchOutcome, Dispatcher } from './dispatcher';
import type { SandboxState } from './state';
import type { KeyPolicy } from './store-keys';
import type { StoreRecord } from './types';

/** Settings every part of the running sandbox reads. */
export interface SandboxSettings {
  /** How long a 3DS challenge stays open before it expires. */
  challengeTimeoutSeconds: number;
}

/** The shared services handed to every route module. */
export interface SandboxContext {
  state: SandboxState;
  tokens: TokenIssuer;
  dispatcher: Dispatcher;
  settings: SandboxSettings;
  /** `http://127.0.0.1:PORT`, known once the server listens. */
  baseUrl: string;
  /** What every control API call presents as `Authorization: Bearer` (control-guard.ts). */
  controlToken: string;
  /** Which webhook keys a store may hold (store-keys.ts). */
  keys: KeyPolicy;
  /** Why a webhook URL is refused (the embedder's target policy), or null when it may be set. */
  webhookTargetRefusal: (url: string) => string | null;
}

/**
 * Emits an event of an operation: dispatched in the background (the operation's response does
 * not wait), tracked by the dispatcher so idle()/close() account for it. Callers that need the
 * deliveries (control API, scenarios) await the returned promise.
 */
export function emit(
  ctx: SandboxContext,
  store: StoreRecord,
  event: WebhookEvent,
): Promise<DispatchOutcome[]> {
  return ctx.dispatcher.dispatch(store, event);
}

/** Applies the store's "slow responses" chaos to a service API call. */
export async function chaosDelay(store: StoreRecord): Promise<void> {
  if (store.chaos.slowResponsesMs > 0) await delay(store.chaos.slowResponsesMs);
}
