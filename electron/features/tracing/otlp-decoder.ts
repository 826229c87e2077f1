import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../services/platform/worker-entry';
import type { DecodedExport, DecodeReply, DecodeRequest, EncodedExport } from './otlp-decode';

/** Bodies waiting for the decoder's thread at most: beyond, a sender is told to come back (503). */
export const MAX_WAITING_EXPORTS = 8;

/** Thrown when MAX_WAITING_EXPORTS bodies already wait: the receiver answers 503. */
export class DecoderBusy extends Error {}

/**
 * The main thread's handle on the OTLP decoder's thread (otlp-decode-worker.ts), started with
 * the receiver and stopped with it. Each body is moved to the thread (not copied) and decoded
 * there; only the spans of started traces come back. A thread that dies fails what it held and
 * is started again for the next body.
 */
export class OtlpDecoder {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, (reply: DecodedExport) => void>();
  private nextId = 1;

  constructor(private readonly dataDir: string) {}

  decode(input: EncodedExport): Promise<DecodedExport> {
    if (this.waiting.size >= MAX_WAITING_EXPORTS) return Promise.reject(new DecoderBusy(`${MAX_WAITING_EXPORTS} OTLP exports are already being read`));
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: DecodeRequest = { ...input, id };
      // A body that is a whole ArrayBuffer of its own is moved to the thread; a view into a
      // larger one (Buffer's pool) is copied.
      const own = input.body.byteOffset === 0 && input.body.byteLength === input.body.buffer.byteLength;
      worker.postMessage(request, own ? [input.body.buffer as ArrayBuffer] : []);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll('the OTLP receiver stopped');
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerEntry(import.meta.url, 'otlp-decode-worker');
    const worker = new Worker(url, { workerData: { dataDir: this.dataDir }, execArgv, name: 'hooklab-otlp-decoder' });
    // Idle, it does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: DecodeReply) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      resolve?.(reply);
    });
    const died = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(`the OTLP decoder's thread ended: ${error.message}`);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(message: string): void {
    for (const resolve of this.waiting.values()) resolve({ ok: false, reason: 'unavailable', message });
    this.waiting.clear();
  }
}
