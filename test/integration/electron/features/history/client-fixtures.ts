import { HistoryApiError } from '../../../../../electron/services/service-api/errors';
import { startSandbox, type RunningSandbox, type StoreCredentials } from '../../../../../electron/emulator';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { systemClock } from '../../../../../electron/services/platform/clock';
import { startReceiver, type Receiver } from './receiver';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

/** A sandbox with one store delivering to a receiver, and a client reaching it through a fault proxy. */
export interface ClientRig {
  readonly sandbox: RunningSandbox;
  readonly receiver: Receiver;
  readonly store: StoreCredentials;
  readonly proxy: FaultProxy;
  readonly client: HistoryClient;
  close(): Promise<void>;
}

export async function startClientRig(options: { timeoutMs?: number } = {}): Promise<ClientRig> {
  const sandbox = await startSandbox({ retryDelayMs: 1 });
  const receiver = await startReceiver(200);
  const store = sandbox.createStore({ webhookUrl: receiver.url });
  const proxy = await startFaultProxy(sandbox.baseUrl);
  const client = new HistoryClient({
    connection: { baseUrl: proxy.url, apiV3Url: `${proxy.url}/api/v3`, clientId: store.clientId, clientSecret: store.clientSecret },
    fetch,
    clock: systemClock,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  return {
    sandbox,
    receiver,
    store,
    proxy,
    client,
    async close() {
      await proxy.close();
      await sandbox.close();
      await receiver.close();
    },
  };
}

/** A payment-link "order created" event (see docs/service.md#webhook-event) for `orderId`. */
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
