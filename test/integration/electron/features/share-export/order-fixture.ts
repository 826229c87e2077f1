import { successPaymentMetadata } from '../../../../../shared/replay/templates';
import { HistoryStore } from '../../../../../electron/services/data/history-store';
import type { TestApp } from '../../../../support/app-harness';
import { judged, SENDER_KEY } from './share-helpers';

/*
 * One order a sender's data folder holds (bundle-export.test.ts, share-roundtrip.test.ts): 12
 * events and a resend, the buyer's data in them, a handler's answer, the service's history and
 * secrets the folder keeps, none of which a bundle may carry.
 */

export const ORDER = 'ord-share-1';
export const BUYER = { name: 'Margarita Villalobos', phone: '+50671234567', email: 'margarita.villalobos@correo.test' };
export const SECRETS = { apiSecret: 'sk_live_api_secret_value_0042', controlToken: 'ctl_token_for_the_emulator_9911' };

/** 12 events of one order, the buyer's data in the SuccessPayment and in the Updated events' metadata. */
export function orderEvents(): Array<{ eventId: number; body: string }> {
  const metadata = { ...successPaymentMetadata({ orderId: ORDER, orderReference: 'REF-1', orderType: 'PaymentLink' }), BuyerName: BUYER.name, BuyerPhone: BUYER.phone, BuyerEmail: BUYER.email, InvoiceName: BUYER.name };
  const event = (eventId: number, type: string, meta: unknown) => ({
    eventId,
    body: JSON.stringify({ orderId: ORDER, orderReference: 'REF-1', orderType: 'PaymentLink', description: `${type} of ${ORDER}`, level: type.includes('Error') ? 'Error' : 'Info', type, metadata: meta }),
  });
  return [
    event(100, 'Created', null),
    ...Array.from({ length: 8 }, (_, i) => event(101 + i, 'Updated', { buyer: { name: BUYER.name, email: BUYER.email, phone: BUYER.phone }, step: i })),
    event(110, 'SuccessPayment', metadata),
    event(111, 'Finalized', null),
    event(112, 'Updated', { note: 'after' }),
  ];
}

/** Stores the order (and the folder's key and secrets) in `app`'s data folder. */
export function storeOrder(app: TestApp): TestApp {
  const ctx = app.core.ctx;
  ctx.config.secrets.set('webhookKey:k1', SENDER_KEY);
  ctx.config.secrets.set('environment:live:apiSecret' as never, SECRETS.apiSecret);
  ctx.config.secrets.set('sandbox:controlToken' as never, SECRETS.controlToken);
  const events = orderEvents();
  const arrivals = events.map((e, i) => judged({ body: e.body, eventId: e.eventId, signing: i === 3 ? 'wrong' : 'sender', receivedAtMs: Date.parse('2026-11-28T10:00:00Z') + i * 1000 }));
  // The SuccessPayment resent: a duplicate.
  arrivals.push(judged({ body: events[9]!.body, eventId: 110, receivedAtMs: Date.parse('2026-11-28T10:01:00Z') }));
  const { stored } = ctx.data.deliveries.commitBatch(arrivals, []);
  // The handler echoed the buyer's e-mail and set a cookie.
  ctx.data.deliveries.commitBatch([], [{ id: stored[9]!.summary.id, results: [{ target: 'http://127.0.0.1:3000/hooks', status: 200, headers: [['Set-Cookie', 'session=abcdefgh12345678']], body: JSON.stringify({ ok: true, buyer: { email: BUYER.email } }), latencyMs: 12, error: null, traceId: null }] }]);
  new HistoryStore(ctx.data.db).apply(
    ctx.config.environments.activeInfo().id,
    events.map((e, i) => ({ id: 500 + i, eventId: e.eventId, eventType: (JSON.parse(e.body) as { type: string }).type, eventCreated: '2026-11-28T10:00:00.000Z', url: `https://hooks.example.test/webhooks?token=${SECRETS.controlToken}`, payload: e.body, responseStatusCode: 200, delivered: true, created: '2026-11-28T10:00:00.000Z' })),
    null,
    '2026-11-28T10:05:00.000Z',
  );
  return app;
}

