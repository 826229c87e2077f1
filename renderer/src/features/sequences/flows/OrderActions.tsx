import { useState } from 'react';
import type { OrderActionArgs } from '../../../../../shared/contract/flows';
import { SHIPPING_STATUSES, type ShippingStatus } from '../../../../../shared/service';
import { useTransport } from '../../../transport';
import { useFlows, useFlowsStore } from './flows-store';

/** The happy path (see docs/service.md#shipping-status), for the "next step" button. */
const NEXT: Partial<Record<ShippingStatus, ShippingStatus>> = {
  PENDING: 'ACCEPTED',
  ACCEPTED: 'READY',
  READY: 'DISPATCHED',
  DISPATCHED: 'ON_ITS_WAY',
  ON_ITS_WAY: 'DELIVERED',
};

interface OrderView {
  readonly status?: string;
  readonly shippingStatus?: ShippingStatus | null;
}

/**
 * What a buyer or the merchant portal would do to a sandbox order, one click each, through the
 * sandbox's control API: pay, ship step by step (or to any status, to provoke a flagged move),
 * cancel, finalize, delete, reverse. Each answer joins the flow's log.
 */
export function OrderActions({ orderCode, onChanged }: { orderCode: string; onChanged: () => void }) {
  const { recordExchange } = useFlows();
  const transport = useTransport();
  const cards = useFlowsStore((s) => s.info?.testCards ?? []);
  const [view, setView] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payCard, setPayCard] = useState('4242424242424242');
  const [shipTo, setShipTo] = useState<ShippingStatus>('ACCEPTED');

  async function act(args: Omit<OrderActionArgs, 'orderCode'>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const result = await transport.call('flows.orderAction', { orderCode, ...args });
      recordExchange(result.exchange);
      const body = result.exchange.responseBody as { order?: OrderView; error?: string } | null;
      if (result.value && body?.order) setView(body.order);
      if (!result.value) setError(body?.error ?? `The sandbox answered ${result.exchange.status ?? result.exchange.error}.`);
      else if (body?.error) setError(body.error);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const next = view?.shippingStatus ? NEXT[view.shippingStatus] : undefined;
  return (
    <div className="flow-actions" data-testid="order-actions">
      <h3>In the sandbox</h3>
      {view && (
        <p className="muted" data-testid="order-state">
          Order {view.status}
          {view.shippingStatus ? `, shipping ${view.shippingStatus}` : ''}
        </p>
      )}
      <div className="row">
        <select value={payCard} onChange={(e) => setPayCard(e.target.value)} aria-label="Card to pay with">
          {cards.map((c) => (
            <option key={c.number} value={c.number}>
              {c.number}
            </option>
          ))}
        </select>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'pay', card: payCard })} data-testid="order-pay">
          Pay
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy || !next}
          onClick={() => next && void act({ action: 'shipping', status: next })}
          data-testid="order-ship-next"
        >
          {next ? `Ship: ${view?.shippingStatus} → ${next}` : 'Ship: next step'}
        </button>
        <select value={shipTo} onChange={(e) => setShipTo(e.target.value as ShippingStatus)} aria-label="Shipping status" data-testid="order-ship-to">
          {SHIPPING_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'shipping', status: shipTo })} data-testid="order-ship">
          Move shipping
        </button>
      </div>
      <div className="row">
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'cancel' })} data-testid="order-cancel">
          Cancel
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'finalize' })} data-testid="order-finalize">
          Finalize
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'delete' })} data-testid="order-delete">
          Delete
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'reverse' })} data-testid="order-reverse">
          Reverse
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void act({ action: 'reverse', fail: true })}>
          Reverse (failing)
        </button>
      </div>
      {error && (
        <p className="notice notice--error" data-testid="order-action-error">
          {error}
        </p>
      )}
    </div>
  );
}
