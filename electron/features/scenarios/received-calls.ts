import type { RecordCalls } from '../../../shared/scenario/record';
import type { ReceivedDelivery } from '../../../shared/scenario/received-delivery';
import type { DeliveryStore } from '../../services/data/delivery-store';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function textOf(body: Uint8Array): string | null {
  try {
    return strictUtf8.decode(body);
  } catch {
    return null;
  }
}

/**
 * The two reads scenario recording makes (`live.list`, `live.get`), answered from the received
 * deliveries here, so the app records an order with the same recorder as `hooklab scenario record`.
 */
export function receivedCalls(store: DeliveryStore): RecordCalls {
  const list = async ({ limit, beforeId }: { limit: number; beforeId?: number }) => {
    const rows = store.list(beforeId, limit);
    return { rows: rows.map((r) => ({ id: r.id, orderId: r.orderId })), nextBeforeId: rows.length === limit ? rows.at(-1)!.id : null };
  };
  const get = async ({ id }: { id: number }): Promise<ReceivedDelivery> => {
    const summary = store.summary(id);
    const raw = store.raw(id);
    if (!summary || !raw) throw new Error(`no delivery ${id}`);
    return { summary, headers: raw.headers, bodyBase64: Buffer.from(raw.body).toString('base64'), bodyText: textOf(raw.body) };
  };
  return ((name: 'live.list' | 'live.get', args: never) => (name === 'live.list' ? list(args) : get(args))) as RecordCalls;
}
