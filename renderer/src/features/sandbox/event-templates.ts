import type { Level } from '../../../../shared/service';

/** Event types of the spec (6.4) with their level, to start a custom event from. */
export const EVENT_TYPES: readonly { type: string; level: Level; metadata: Record<string, unknown> | null }[] = [
  { type: 'Created', level: 'Info', metadata: null },
  { type: 'Cancelled', level: 'Info', metadata: null },
  { type: 'Finalized', level: 'Info', metadata: null },
  { type: 'Updated', level: 'Info', metadata: { PreviousStatus: 'PENDING', NewStatus: 'ACCEPTED', PreparationEtaMinutes: '20' } },
  { type: 'Deleted', level: 'Info', metadata: null },
  { type: 'SuccessReverse', level: 'Info', metadata: null },
  { type: 'ReverseError', level: 'Error', metadata: null },
  { type: 'PaymentError', level: 'Error', metadata: null },
  { type: 'ThreeDSecureAuthSucceeded', level: 'Info', metadata: { authenticationId: 'auth_custom_1' } },
  { type: 'ThreeDSecureAuthError', level: 'Error', metadata: { authenticationId: 'auth_custom_1', reason: 'CARDHOLDER', description: 'Wrong cardholder data' } },
  { type: 'ThreeDSecureAuthExpired', level: 'Info', metadata: { authenticationId: 'auth_custom_1' } },
  { type: 'ThreeDSecureAuthFailed', level: 'Error', metadata: { authenticationId: 'auth_custom_1', reason: 'PROVIDER', description: 'Provider unavailable' } },
];

/** A complete 2.8 event of the given type, as editable JSON. */
export function eventTemplate(type: string): string {
  const known = EVENT_TYPES.find((t) => t.type === type);
  return JSON.stringify(
    {
      orderId: '900001',
      orderReference: 'custom-1',
      orderType: 'FASTLINK_CHARGE',
      description: `Custom ${type} event sent from Hooklab`,
      level: known?.level ?? 'Info',
      type,
      metadata: known?.metadata ?? null,
    },
    null,
    2,
  );
}
