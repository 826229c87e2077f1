import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../../../../electron/hosts/cli/cli-io';
import { createOutput } from '../../../../../../electron/hosts/cli/framework/output';
import type { CoreSession } from '../../../../../../electron/hosts/cli/framework/session';
import { printDeliveries } from '../../../../../../electron/hosts/cli/listening/delivery-printer';
import type { DeliverySummary } from '../../../../../../shared/contract/live';

/** A session whose only event is the stored batch the test emits. */
function receivedSession(): { session: CoreSession; emit(deliveries: DeliverySummary[]): void } {
  let listener: ((payload: { deliveries: DeliverySummary[] }) => void) | null = null;
  const session = {
    onEvent: (name: string, cb: (payload: { deliveries: DeliverySummary[] }) => void) => {
      if (name === 'live.received') listener = cb;
      return () => {};
    },
  } as unknown as CoreSession;
  return { session, emit: (deliveries) => listener?.({ deliveries }) };
}

const summary = (id: number) =>
  ({
    id,
    receivedAt: '2026-11-28T10:00:00.000Z',
    eventType: 'SuccessPayment',
    bodyKind: null,
    orderId: `ord-${id}`,
    eventId: id,
    signature: 'valid',
    diagnosis: null,
    duplicateOf: null,
    truncation: null,
    answeredStatus: 200,
  }) as unknown as DeliverySummary;

describe('the delivery lines of listen and serve', () => {
  it('prints a stored batch in one write, one line per delivery in order, each delivery once', () => {
    const writes: string[] = [];
    const io: CliIo = { out: (t) => void writes.push(t), err: () => {}, env: {}, colors: false };
    const { session, emit } = receivedSession();
    printDeliveries(session, createOutput(io, false), () => []);
    emit([summary(1), summary(2), summary(3)]);
    emit([summary(3), summary(4)]);
    expect(writes).toHaveLength(2);
    expect(writes[0]!.split('\n').filter(Boolean).map((l) => /#(\d+)/.exec(l)![1])).toEqual(['1', '2', '3']);
    expect(writes[1]!.split('\n').filter(Boolean).map((l) => /#(\d+)/.exec(l)![1])).toEqual(['4']);
  });
});
