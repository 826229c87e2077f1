import { parentPort, workerData } from 'node:worker_threads';
import { loadTraceKey, StartedTraces } from '../../services/tracing/started-traces';
import { decodeExport, type DecodeReply, type DecodeRequest } from './otlp-decode';

/*
 * The OTLP decoder's thread: decompressing, pre-checking and decoding request bodies (up to the
 * receiver's cap, 8 MB by default) run here, one at a time, so an export of megabytes never
 * holds the main thread, which answers the UI and the local API. The trace ids Hooklab started
 * are known by the data folder's trace key, read here from the folder as every Hooklab thread
 * does; only the spans to keep go back.
 */

const port = parentPort!;
const traces = new StartedTraces(loadTraceKey((workerData as { dataDir: string }).dataDir));
port.on('message', (request: DecodeRequest) => {
  let reply: DecodeReply;
  try {
    reply = { id: request.id, ...decodeExport(request, (traceId) => traces.has(traceId)) };
  } catch (error) {
    reply = { id: request.id, ok: false, reason: 'unreadable', message: (error as Error).message };
  }
  port.postMessage(reply);
});
