import { describe, expect, it } from 'vitest';
import { deriveOrderStatus } from '../../../../shared/sequences';

const run = (...types: string[]) => deriveOrderStatus(types.map((type, i) => ({ key: `k${i}`, type })));

describe('deriveOrderStatus', () => {
  it.each([
    [['Created'], 'PENDING', 'none'],
    [['Created', 'SuccessPayment'], 'PAID', 'paid'],
    [['Created', 'Cancelled'], 'CANCELLED', 'none'],
    [['Created', 'SuccessPayment', 'Finalized'], 'FINALIZED', 'paid'],
    [['Created', 'Deleted'], 'deleted', 'none'],
    [['Created', 'SuccessPayment', 'SuccessReverse'], 'PAID', 'reversed'],
    [['Created', 'SuccessPayment', 'ReverseError'], 'PAID', 'reverse-error'],
    [['PaymentError'], 'PENDING', 'payment-error'],
    [['PaymentError', 'SuccessPayment'], 'PAID', 'paid'],
    [['ThreeDSecureAuthSucceeded', 'SuccessPayment'], 'PAID', 'paid'],
    [['ThreeDSecureAuthFailed'], 'PENDING', 'none'],
  ])('%j gives %s, payment %s, no flag', (types, status, payment) => {
    const r = run(...types);
    expect(r.status).toBe(status);
    expect(r.payment).toBe(payment);
    expect(r.flags).toEqual([]);
  });

  it('records the path with the event that moved it, starting at PENDING', () => {
    expect(run('SuccessPayment', 'Finalized').path).toEqual([
      { status: 'PENDING', eventKey: null },
      { status: 'PAID', eventKey: 'k0' },
      { status: 'FINALIZED', eventKey: 'k1' },
    ]);
  });

  it('flags a payment after a cancellation and keeps the order cancelled', () => {
    const r = run('Created', 'Cancelled', 'SuccessPayment');
    expect(r.status).toBe('CANCELLED');
    expect(r.flags).toEqual([{ kind: 'after-final', eventKeys: ['k2', 'k1'], message: expect.stringContaining('after the order was cancelled') }]);
  });

  it('flags anything after Deleted, even Deleted again under another event', () => {
    const r = run('Created', 'Deleted', 'Updated', 'Finalized');
    expect(r.status).toBe('deleted');
    expect(r.flags.map((f) => [f.kind, f.eventKeys[0]])).toEqual([['after-final', 'k2'], ['after-final', 'k3']]);
  });

  it('lets a cancelled order be deleted and its payment reversed', () => {
    const r = run('Created', 'SuccessPayment', 'Cancelled', 'SuccessReverse', 'Deleted');
    expect(r.flags).toEqual([]);
    expect(r.status).toBe('deleted');
    expect(r.payment).toBe('reversed');
  });
});
