import type { TamperPreset } from '../../../../shared/replay/vocabulary';

/** The label each preset shows on its button. */
export const TAMPER_LABELS: Readonly<Record<TamperPreset, string>> = {
  none: 'Signed honestly',
  'wrong-key': 'Wrong key',
  reserialised: 'Signature over re-serialised JSON',
  'missing-signature': 'Signature missing',
  'hex-signature': 'Hex instead of Base64',
  'reused-event-id': 'Reused event id',
  'stale-event-created': 'Stale event-created',
  'body-changed-after-signing': 'Body changed after signing',
};
