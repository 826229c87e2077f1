import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../../../shared/contract/sequences';
import { diagramModel } from '../../../../../../renderer/src/features/sequences/diagram-model';

/** An order with only what the diagram reads. */
const order = (shippingSteps: OrderDetail['shippingSteps']): OrderDetail =>
  ({
    summary: { status: 'PAID', shipping: shippingSteps.length > 0 ? 'ACCEPTED' : null, unverifiedOnly: false },
    orderPath: [{ status: 'PENDING' }, { status: 'PAID' }],
    shippingSteps,
    threeDsAttempts: [],
    flags: [],
  }) as unknown as OrderDetail;

describe('diagramModel', () => {
  it('draws no shipping machine for an order with no Updated event', () => {
    expect(diagramModel(order([])).map((m) => m.id)).toEqual(['order']);
  });

  it('draws the shipping machine once an Updated event moved it', () => {
    const step = { from: 'PENDING', to: 'ACCEPTED', verdict: 'ok' } as unknown as OrderDetail['shippingSteps'][number];
    expect(diagramModel(order([step])).map((m) => m.id)).toEqual(['order', 'shipping']);
  });
});
