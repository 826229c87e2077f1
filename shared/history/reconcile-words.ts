import type { UnpairedCause } from './delivery-urls';

/** Reconciliation's categories (the contract's RECONCILE_CATEGORIES), named once for History and MCP. */
type ReconcileCategory = 'received' | 'lost' | 'handler-failed' | 'refused-by-handler' | 'unlogged' | 'not-in-history';

export const RECONCILE_LABELS: Record<ReconcileCategory, string> = {
  received: 'Received here',
  lost: 'Sent, not received here',
  'handler-failed': 'Delivered, local handler failed',
  'refused-by-handler': 'Received here, refused by your handler',
  unlogged: 'Received, absent from history',
  'not-in-history': 'Received, event not in this history',
};

export const RECONCILE_HINTS: Record<ReconcileCategory, string> = {
  received: 'History and the listener agree.',
  lost: 'The service sent these but they never reached this listener: the tunnel was down or the URL pointed elsewhere.',
  'handler-failed': 'The listener answered 2xx, so the service counts them delivered, but forwarding to your handler failed.',
  'refused-by-handler': 'They reached this listener, but your handler refused them and its answer went back to the service (pass-through): the service counts them not delivered, and they stay pending until resent and accepted.',
  unlogged: 'Deliveries without an event id that match no history payload: the service could not log them (it logs only deliveries with an event id).',
  'not-in-history': 'An event id this environment\'s history does not know: another environment or store, or not polled yet.',
};

/** Why a lost delivery was not paired, in words. */
export const UNPAIRED_CAUSE_WORDS: Record<UnpairedCause, string> = {
  'other-url': 'the service sent it to a URL that is not this Hooklab\'s',
  'failed-at-service': 'the service could not deliver it (no answer, or 5xx) and will retry or give up',
  'listener-refused': 'it reached this listener, which refused it',
  'in-flight': 'the service is still delivering it',
  'answered-by-another': "something else answered 2xx at this Hooklab's address in its place (the service will not retry it)",
  unknown: 'no cause known',
};
