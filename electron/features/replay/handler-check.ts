import { randomBytes } from 'node:crypto';
import { CHECK_IDS, type CheckEvidence, type CheckId, type CheckReport, type CheckResult } from '../../../shared/contract/replay-checks';
import type { HmacSha256 } from '../../../shared/signing';
import { SERVICE_WEBHOOK_USER_AGENT } from '../../../shared/service/webhooks';
import { buildRequest } from './request-builder';
import { exchange, type ExchangeResult } from '../../services/net/exchange';
import { CHECKS, type CheckContext, type CheckOutcome } from './checks';
import { newTraceContext, withTraceparent, type TraceContext } from '../../../shared/tracing/trace-context';

export interface HandlerCheckOptions {
  readonly url: string;
  /**
   * The key, its label, and how a fix names it when the label is not a key's name (the CLI's
   * `the data folder's current key “staging store”`): quoting that again nested the quotes.
   */
  readonly key: { readonly value: string; readonly label: string; readonly said?: string };
  /** Said with a 401 where 2xx was due, after which key signed (e.g. the sandbox signs with another). */
  readonly keyNote?: string | null;
  readonly hmac: HmacSha256;
  readonly deadlineMs: number;
  readonly only?: readonly CheckId[];
  readonly newEventId: () => string;
  readonly nowMs: () => number;
  readonly onCheck?: (check: CheckResult, done: number, total: number) => void;
  /** Draws each request's trace (its `traceparent`); the core's remembers it as Hooklab's. */
  readonly startTrace?: () => TraceContext;
  /** Cancels the run: no further check starts and the one under way stops waiting for its answers. */
  readonly signal?: AbortSignal;
}

/** Thrown by `post` when the very first request finds nobody there: the suite stops. */
class UnreachableError extends Error {}

const EXCERPT = 512;
const RESPONSE_CAP = 64 * 1024;
const text = new TextDecoder();

function excerpt(bytes: Uint8Array): string {
  return text.decode(bytes.subarray(0, EXCERPT * 4)).slice(0, EXCERPT);
}

/**
 * The fix of a failed check. A 401 where 2xx was due is a key mismatch: the generic fix then
 * names the key Hooklab signed with (adding a key may have made another one current), and what
 * the caller knows of why the handler may hold another one.
 */
export function fixFor(fix: string, status: number | null, outcome: CheckOutcome, options: Pick<HandlerCheckOptions, 'key' | 'keyNote'>): string {
  if (status !== 401 || outcome.okStatus?.(401) !== false || !outcome.okStatus(200)) return fix;
  return `${fix} Hooklab signed with ${options.key.said ?? `the key “${options.key.label}”`} (the current key, unless this check chose another).${options.keyNote ? ` ${options.keyNote}` : ''}`;
}

/**
 * Runs the checks of the handler check against one URL, one after another (each check's
 * requests in its own order), and reports each with its evidence and, on failure, the fix.
 */
export async function runHandlerCheck(options: HandlerCheckOptions): Promise<CheckReport> {
  const started = performance.now();
  const startedAt = new Date(options.nowMs()).toISOString();
  const selected = CHECKS.filter((c) => !options.only || options.only.includes(c.id)).sort(
    (a, b) => CHECK_IDS.indexOf(a.id) - CHECK_IDS.indexOf(b.id),
  );
  const target = new URL(options.url);
  const wrongKey = randomBytes(24).toString('base64');
  let answeredAny = false;
  let orderSeq = 0;
  const runTag = Date.now().toString(36);
  const checks: CheckResult[] = [];
  let unreachable: string | null = null;

  for (const check of selected) {
    if (options.signal?.aborted) break;
    const evidence: CheckEvidence[] = [];
    const results: ExchangeResult[] = [];
    const ctx: CheckContext = {
      deadlineMs: options.deadlineMs,
      newEventId: options.newEventId,
      newOrderId: () => `check-${runTag}-${++orderSeq}`,
      async post(probe) {
        const built = buildRequest(
          {
            method: 'POST',
            body: { kind: 'text', text: probe.body },
            headers: {
              eventId: { mode: 'typed', value: probe.eventId },
              eventCreated: probe.eventCreated ? { mode: 'chosen', value: probe.eventCreated } : { mode: 'now' },
              contentType: 'application/json',
              userAgent: SERVICE_WEBHOOK_USER_AGENT,
              extra: [],
              removed: [],
            },
            key: { kind: 'current' },
            tamper: probe.tamper ?? 'none',
          },
          {
            hmac: options.hmac,
            key: options.key,
            origin: { eventId: null, eventCreated: null },
            nowMs: options.nowMs(),
            newEventId: options.newEventId,
            tamper: { wrongKey, reusedEventId: null },
            targetUrl: target,
          },
        );
        // Every request its own trace; a handler must ignore headers it does not know.
        const trace = (options.startTrace ?? newTraceContext)();
        const headers = withTraceparent(built.headers, trace);
        const result = await exchange(
          { method: 'POST', url: options.url, headers, body: built.body },
          { timeoutMs: probe.timeoutMs ?? options.deadlineMs * 3, responseCap: RESPONSE_CAP, ...(options.signal ? { signal: options.signal } : {}) },
        );
        if (!result.ok && result.failure === 'connection' && !answeredAny) throw new UnreachableError(result.error);
        if (result.ok) answeredAny = true;
        const item: CheckEvidence = {
          label: probe.label,
          method: 'POST',
          url: options.url,
          requestHeaders: headers,
          requestBodySize: built.body.length,
          requestBodyExcerpt: excerpt(built.body),
          status: result.ok ? result.answer.status : null,
          responseBodyExcerpt: result.ok ? excerpt(result.answer.body) : '',
          latencyMs: result.latencyMs,
          error: result.ok ? null : result.error,
          traceId: trace.traceId,
        };
        evidence.push(item);
        results.push(result);
        return { evidence: item, result };
      },
    };
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(ctx);
      if (options.signal?.aborted) break;
    } catch (error) {
      if (error instanceof UnreachableError) {
        unreachable = `${options.url} could not be reached: ${error.message}`;
        break;
      }
      outcome = { passed: false, message: `the check could not run: ${(error as Error).message}` };
    }
    const deciding = outcome.passed ? evidence.at(-1) : (evidence.find((e) => e.status === null || !outcome.okStatus?.(e.status)) ?? evidence.at(-1));
    const latencies = evidence.map((e) => e.latencyMs ?? 0);
    const result: CheckResult = {
      id: check.id,
      title: check.title,
      passed: outcome.passed,
      status: deciding?.status ?? null,
      latencyMs: latencies.length ? Math.max(...latencies) : null,
      message: outcome.message,
      fix: outcome.passed ? null : fixFor(check.fix, deciding?.status ?? null, outcome, options),
      warning: outcome.warning ?? null,
      evidence,
      traceId: deciding?.traceId ?? null,
    };
    checks.push(result);
    options.onCheck?.(result, checks.length, selected.length);
  }

  return {
    url: options.url,
    passed: unreachable === null && checks.length === selected.length && checks.every((c) => c.passed),
    startedAt,
    durationMs: Math.round(performance.now() - started),
    keyLabel: options.key.label,
    unreachable,
    checks,
  };
}
