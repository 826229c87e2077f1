import { parentPort, workerData } from 'node:worker_threads';
import type { KnownKey } from '../../../../shared/signing/diagnose';
import type { ListenerSettings } from '../../../../shared/settings';
import { openConnection } from '../../../services/data/database';
import { DeliveryStore } from '../../../services/data/delivery-store';
import { describeStorageError, isSqliteBusy } from '../../../services/data/storage-error';
import { ResendRequests } from '../../../services/resend-requests/resend-requests';
import { systemClock } from '../../../services/platform/clock';
import { createKeyedHmac } from './keyed-hmac';
import { ListenerServer } from './listener-server';
import { whenLockFree, type BusyPolicy } from './group-commit';
import { ProbeTickets } from '../probe/probe-tickets';
import { loadTraceKey, StartedTraces } from '../../../services/tracing/started-traces';
import type { FromListener, ListenerOp, ListenerThreadData, ToListener } from './thread-protocol';

/*
 * The listener's thread: reading requests, judging signatures, group commit, retention and
 * forwarding run here, on this thread's event loop and its own SQLite connection. Nothing the
 * UI, the CLI, MCP, the history poller, Sequences or search does runs here, so a busy main
 * thread never delays an answer. Settings and keys arrive by message and apply from the next
 * batch; each committed batch goes back as one message.
 */

const port = parentPort!;
const data = workerData as ListenerThreadData;
// Never asleep in SQLite's busy handler while the main thread writes (search index, history
// copy): a commit that finds the lock taken is tried again between requests (GroupCommitter).
const db = openConnection(data.databasePath, { busyTimeoutMs: 0 });
/** As long as the busy_timeout other connections use: a lock held longer fails the batch (500). */
const busy: BusyPolicy = { isBusy: isSqliteBusy, giveUpAfterMs: 5000, now: () => performance.now() };
let settings: ListenerSettings = data.settings;
let keys: readonly KnownKey[] = data.keys;
const resends = new ResendRequests(systemClock);
resends.replace(data.resends);
const store = new DeliveryStore(db, (eventId) => resends.isRequested(eventId));
const probes = new ProbeTickets();
// The same key as the app's (the data folder's trace-key): the receiver knows these traces.
const traces = new StartedTraces(loadTraceKey(data.dataDir));
const send = (message: FromListener) => port.postMessage(message);
const causeOf = (error: unknown) => (error as Error | undefined)?.message;

const listener = new ListenerServer({
  store,
  hmac: createKeyedHmac(),
  settings: () => settings,
  keys: () => [...keys],
  now: () => Date.now(),
  startTrace: () => traces.start(),
  busy,
  // One string per batch: JSON.stringify costs this thread less than a structured clone of the summaries.
  onStored: (deliveries, totals) => send({ type: 'stored', deliveriesJson: JSON.stringify(deliveries), totals }),
  onStoreFailed: (error) => send({ type: 'storeFailed', cause: describeStorageError(error) }),
  onForwarded: (id, handler, answeredStatus) => send({ type: 'forwarded', id, handler, answeredStatus }),
  onError: (message, error) => send({ type: 'error', message, cause: causeOf(error) }),
  probes: {
    has: (signature) => probes.has(signature),
    redeem: (signature, bodySha256) => {
      const proof = probes.redeem(signature, bodySha256);
      if (proof !== null) send({ type: 'probeAnswered' });
      return proof;
    },
  },
});

async function run(call: ListenerOp): Promise<unknown> {
  switch (call.op) {
    case 'start':
      return listener.start(call.port);
    case 'moveTo':
      return listener.moveTo(call.port);
    case 'stop':
      await listener.stop();
      db.close();
      return null;
    case 'enforce':
      await whenLockFree(() => store.enforce(call.limits), busy);
      return store.totals();
    case 'totals':
      return store.totals();
  }
}

port.on('message', (message: ToListener) => {
  if (message.type === 'configure') {
    settings = message.settings;
    keys = message.keys;
    listener.applySettings(settings);
  } else if (message.type === 'resends') {
    resends.replace(message.entries);
  } else if (message.type === 'probeIssued') {
    probes.add(message.ticket);
  } else {
    const { id } = message;
    run(message).then(
      (value) => send({ type: 'reply', id, value }),
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        send({ type: 'reply', id, error: { message: causeOf(error) ?? String(error), ...(code ? { code } : {}) } });
      },
    );
  }
});
