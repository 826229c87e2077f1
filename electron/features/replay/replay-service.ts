import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReplayDeps } from './deps';
import { CallError } from '../../../shared/contract/errors';
import type { ReplayDetail, ReplaySentFrom } from '../../../shared/contract/replay';
import type { DraftOrigin, ReplayRequestSpec, SignPreview } from '../../../shared/contract/replay-drafts';
import type { ReplaySettings } from '../../../shared/contract/replay-targets';
import type { HmacSha256 } from '../../../shared/signing';
import { buildRequest, eventTypeOf, KeyUnavailableError, type BuiltRequest } from './request-builder';
import { exchange, type OutgoingRequest } from '../../services/net/exchange';
import type { KeyChoices } from '../../services/webhook-keys/key-choices';
import type { ReplayStore } from '../../services/data/replay-store';
import type { ReplayReads } from '../../services/data/replay-reads';
import type { ReplayTargets } from './targets';
import { overCapMessage } from '../../../shared/text/bytes';
import { withTraceparent } from '../../../shared/tracing/trace-context';
import { runPool } from '../../services/jobs/rate-pool';
import type { JobControl } from '../../services/jobs/jobs';

/** Bytes of a handler's answer body kept per replay. */
export const RESPONSE_CAP = 256 * 1024;

export interface SendArgs {
  readonly request: ReplayRequestSpec;
  readonly targetUrl: string;
  readonly times: number;
  readonly mode: 'sequential' | 'concurrent';
  readonly intervalMs: number;
  readonly draftId: number | null;
  readonly origin?: DraftOrigin | undefined;
  readonly sentFrom: ReplaySentFrom;
  readonly concurrency?: number | undefined;
  readonly ratePerSecond?: number | undefined;
  readonly jobId?: string | undefined;
}

const NO_ORIGIN = { eventId: null, eventCreated: null };

/**
 * Signing previews and sending: builds the request a spec stands for (keys resolved here, in
 * the core), checks the target and the body cap before any byte leaves, sends, and stores
 * every replay with the request exactly as sent.
 */
export class ReplayService {
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: ReplayDeps,
    private readonly store: ReplayStore,
    private readonly reads: ReplayReads,
    /** Replay's settings as they are now (the timeout and the body cap). */
    private readonly settings: () => ReplaySettings,
    private readonly keys: KeyChoices,
    private readonly targets: ReplayTargets,
    private readonly hmac: HmacSha256,
    /** The feature's one source of new event ids (shared with the handler check). */
    private readonly newEventId: () => string,
  ) {}

  private build(spec: ReplayRequestSpec, target: URL | null, origin: Pick<DraftOrigin, 'eventId' | 'eventCreated'>): BuiltRequest {
    return buildRequest(spec, {
      hmac: this.hmac,
      key: this.keys.resolve(spec.key),
      origin,
      nowMs: this.ctx.runtime.clock.now(),
      newEventId: this.newEventId,
      tamper: {
        wrongKey: randomBytes(24).toString('base64'),
        reusedEventId: (target ? this.reads.lastEventId(target.href) : null) ?? origin.eventId,
      },
      targetUrl: target,
    });
  }

  /**
   * The request a spec would send now (key problems become warnings and an unsigned request,
   * a refused target one more warning), built once for the preview and the exports.
   */
  inspect(spec: ReplayRequestSpec, targetUrl: string | null, origin?: DraftOrigin): { built: BuiltRequest; warnings: string[] } {
    const verdict = targetUrl ? this.targets.verdict(targetUrl) : null;
    const target = verdict?.allowed ? new URL(verdict.url) : null;
    const warnings: string[] = [];
    if (verdict && !verdict.allowed) warnings.push(verdict.message);
    let built: BuiltRequest;
    try {
      built = this.build(spec, target, origin ?? NO_ORIGIN);
    } catch (error) {
      if (!(error instanceof KeyUnavailableError)) throw error;
      warnings.push(`not signed: ${error.message}`);
      built = this.build({ ...spec, tamper: 'missing-signature' }, target, origin ?? NO_ORIGIN);
    }
    const cap = this.settings().bodyCapBytes;
    if (built.body.length > cap) warnings.push(`${overCapMessage('the body', built.body.length, cap, 'replay body cap')}: it would be refused (Settings → Replay)`);
    return { built, warnings: [...built.warnings, ...warnings] };
  }

  /** What would be sent: signature and every header, computed here. */
  preview(spec: ReplayRequestSpec, targetUrl: string | null, origin?: DraftOrigin): SignPreview {
    const { built, warnings } = this.inspect(spec, targetUrl, origin);
    return {
      signature: built.signature,
      headers: built.headers,
      bodySize: built.body.length,
      bodySha256: createHash('sha256').update(built.body).digest('hex'),
      keyLabel: built.keyLabel,
      volatile: built.volatile,
      json: built.json,
      warnings,
    };
  }

  /**
   * Sends `times` copies of one built request; every replay is stored and emitted as it is
   * answered. More than one runs as a job (followed by job.progress, cancelled by jobs.cancel):
   * the replays answered until then come back.
   */
  async send(args: SendArgs): Promise<{ replays: ReplayDetail[]; jobId?: string }> {
    const verdict = this.targets.require(args.targetUrl);
    const target = new URL(verdict.url);
    // The draft's name and origin only: its body is in the request already.
    const draft = args.draftId ? this.store.draftLabel(args.draftId) : null;
    let built: BuiltRequest;
    try {
      built = this.build(args.request, target, args.origin ?? draft?.origin ?? NO_ORIGIN);
    } catch (error) {
      if (error instanceof KeyUnavailableError) throw new CallError('conflict', `not sent: ${error.message}`);
      throw error;
    }
    const cap = this.settings().bodyCapBytes;
    if (built.body.length > cap) {
      throw new CallError('invalid-args', `not sent: ${overCapMessage('the body', built.body.length, cap, 'replay body cap')} (Settings → Replay)`);
    }
    const meta = {
      batchId: randomBytes(6).toString('hex'),
      draftId: args.draftId,
      draftName: draft?.name ?? null,
      eventId: built.eventId,
      eventType: eventTypeOf(built.body),
      tamper: args.request.tamper,
      signature: built.signature,
      keyLabel: built.keyLabel,
      sentFrom: args.sentFrom,
    };
    const request: OutgoingRequest = { method: built.method, url: target.href, headers: built.headers, body: built.body };
    const one = () => this.sendOne(request, meta);
    if (args.times === 1) return { replays: [await one()] };
    const title = `Send ${args.times} times to ${target.href}`;
    const { jobId, result } = this.ctx.runtime.jobs.start({ kind: 'replay.send', title, total: args.times, jobId: args.jobId }, (job) =>
      args.mode === 'concurrent' ? this.sendConcurrently(args, one, job) : this.sendInSequence(args, one, job),
    );
    return { replays: await result, jobId };
  }

  /** All at once (or `concurrency` at a time, at a rate); answered in send order. */
  private async sendConcurrently(args: SendArgs, one: () => Promise<ReplayDetail>, job: JobControl): Promise<ReplayDetail[]> {
    const slots: (ReplayDetail | undefined)[] = new Array(args.times);
    await runPool(
      slots,
      async (_, i) => {
        const detail = await one();
        slots[i] = detail;
        job.step(detail.summary.status === null);
      },
      { concurrency: args.concurrency ?? args.times, ratePerSecond: args.ratePerSecond, signal: job.signal },
    );
    return slots.filter((d): d is ReplayDetail => d !== undefined);
  }

  /** One after another, `intervalMs` between an answer and the next send. */
  private async sendInSequence(args: SendArgs, one: () => Promise<ReplayDetail>, job: JobControl): Promise<ReplayDetail[]> {
    const out: ReplayDetail[] = [];
    const stop = AbortSignal.any([this.abort.signal, job.signal]);
    for (let i = 0; i < args.times; i++) {
      if (i > 0 && args.intervalMs > 0) await delay(args.intervalMs, undefined, { signal: stop }).catch(() => undefined);
      if (stop.aborted) break;
      const detail = await one();
      out.push(detail);
      job.step(detail.summary.status === null);
    }
    return out;
  }

  /** A stored replay sent again (from the app's history): the same bytes and headers to the same target, stored anew. */
  async again(id: number): Promise<ReplayDetail> {
    const stored = this.reads.replayToResend(id);
    if (!stored) throw new CallError('not-found', `no replay ${id}`);
    const verdict = this.targets.require(stored.summary.targetUrl);
    const target = new URL(verdict.url);
    return this.sendOne(
      { method: stored.summary.method, url: target.href, headers: stored.headers, body: stored.body },
      {
        batchId: randomBytes(6).toString('hex'),
        draftId: stored.summary.draftId,
        draftName: stored.summary.draftName,
        eventId: stored.summary.eventId,
        eventType: stored.summary.eventType,
        tamper: stored.summary.tamper,
        signature: stored.signature,
        keyLabel: stored.keyLabel,
        sentFrom: 'app',
      },
    );
  }

  /** Sends one request with a `traceparent` of its own (a new trace each time, also when sent again). */
  private sendOne(
    untraced: OutgoingRequest,
    meta: Pick<ReplayDetail['summary'], 'batchId' | 'draftId' | 'draftName' | 'eventId' | 'eventType' | 'tamper' | 'sentFrom'> & { signature: string | null; keyLabel: string | null },
  ): Promise<ReplayDetail> {
    const trace = this.ctx.runtime.traces.start();
    const request: OutgoingRequest = { ...untraced, headers: withTraceparent(untraced.headers, trace) };
    const work = (async () => {
      const sentAt = new Date(this.ctx.runtime.clock.now()).toISOString();
      const result = await exchange(request, {
        timeoutMs: this.settings().timeoutMs,
        responseCap: RESPONSE_CAP,
        signal: this.abort.signal,
      });
      if (this.abort.signal.aborted) throw new CallError('unavailable', 'Hooklab is stopping: the replay was not recorded');
      const [detail] = this.store.insertReplays([
        {
          ...meta,
          sentAt,
          method: request.method,
          targetUrl: request.url,
          headers: request.headers,
          body: request.body,
          response: result.ok ? result.answer : null,
          error: result.ok ? null : result.error,
          latencyMs: result.latencyMs,
          traceId: trace.traceId,
        },
      ]);
      this.ctx.runtime.bus.emit('replay.sent', { replays: [detail!.summary] });
      return detail!;
    })();
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Abandons sends in flight (each is answered as cancelled) and waits for them. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}
