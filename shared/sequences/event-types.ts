import { EVENT_TYPES, type EventType } from '../service/enums';

/** The 3-D Secure event types (see docs/service.md#event-types) and the authentication outcome each reports. */
export const THREE_DS_EVENT_OUTCOMES = {
  ThreeDSecureAuthSucceeded: 'SUCCESS',
  ThreeDSecureAuthFailed: 'FAILED',
  ThreeDSecureAuthError: 'ERROR',
  ThreeDSecureAuthExpired: 'EXPIRED',
} as const;
export type ThreeDsEventType = keyof typeof THREE_DS_EVENT_OUTCOMES;

export function isKnownEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

export function isThreeDsEventType(type: string): type is ThreeDsEventType {
  return Object.hasOwn(THREE_DS_EVENT_OUTCOMES, type);
}
