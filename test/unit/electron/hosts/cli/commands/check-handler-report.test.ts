import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../../../../electron/hosts/cli/commands/check-handler';
import { CHECK_IDS, type CheckReport } from '../../../../../../shared/contract/replay-checks';
import type { Trace } from '../../../../../../shared/contract/tracing';

function report(): CheckReport {
  const checks = CHECK_IDS.map((id, i) => ({ id, title: id, passed: true, status: 200, latencyMs: 3, message: 'ok', fix: null, warning: null, evidence: [], traceId: `trace${i}` }));
  return { url: 'http://127.0.0.1:3000/hooks', passed: true, startedAt: '2026-11-28T09:00:00.000Z', durationMs: 40, keyLabel: null, unreachable: null, checks };
}

const empty = (traceId: string): Trace => ({ traceId, spans: [], totalSpans: 0 }) as unknown as Trace;

describe('the handler check report', () => {
  it('says once that a handler without tracing sent no spans, not under each check', () => {
    const r = report();
    const traces = new Map(r.checks.map((c) => [c.id, empty(c.traceId!)] as const));
    const text = formatReport(r, 'HOOKLAB_WEBHOOK_KEY', traces);
    expect(text.match(/no spans from the handler/g)).toHaveLength(1);
    expect(text).toContain(`no spans from the handler for trace trace0 nor for the other ${CHECK_IDS.length - 1} traces of this run`);
  });
});
