// The durable-split receiver's second thread: the batches sent while it was committing are
// committed together (one fsync), and it says which it committed.
import { setImmediate } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import { openDurableStore } from './durable-store.mjs';

const commit = openDurableStore(workerData.path);
let waiting = [];
parentPort.on('message', (message) => {
  if (waiting.length === 0) {
    setImmediate(() => {
      const sent = waiting;
      waiting = [];
      commit(sent.flatMap((m) => m.batch));
      parentPort.postMessage(sent.map((m) => m.n));
    });
  }
  waiting.push(message);
});
