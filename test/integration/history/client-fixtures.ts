import { HistoryApiError } from '../../../electron/history/client/errors';

/** A payment-link "order created" event (2.8) for `orderId`. */
export const createdEvent = (orderId: string) => ({
  orderId,
  orderReference: null,
  orderType: 'FASTLINK_CHARGE',
  description: 'La orden fue creada',
  level: 'Info' as const,
  type: 'Created',
  metadata: null,
});

/** The HistoryApiError a call fails with; fails the test when it succeeds or fails otherwise. */
export async function errorOf(work: Promise<unknown>): Promise<HistoryApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof HistoryApiError) return error;
    throw error;
  }
  throw new Error('expected a HistoryApiError');
}
