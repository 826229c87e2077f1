import { afterEach, describe, expect, it } from 'vitest';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createReplayFeature } from '../../../../../electron/features/replay/feature';
import { createTracingFeature } from '../../../../../electron/features/tracing/feature';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { createHmac } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startOtelHandler, type OtelHandler } from '../../../../fixtures/otel-handler';
import { eventBody, post } from '../live/live-helpers';
import { hooklabTools } from '../../../../../electron/hosts/mcp/server';
import { createSendPolicy } from '../../../../../electron/hosts/mcp/send-policy';
import { coreClient } from '../../../../../electron/hosts/kit/contract-client';
import { hasErrorSpan, hasHandlerSpans, spanNamed, waitForTrace } from './tracing-helpers';

const KEY = 'whsec-tracing-test-key';

let app: TestApp | null = null;
let handler: OtelHandler | null = null;

afterEach(async () => {
  await handler?.stop();
  handler = null;
  await app?.close();
  app = null;
});

/** Live, Replay and Tracing on free ports; the handler targets are set once it runs. */
async function startApp(): Promise<TestApp> {
  const secrets = new MemorySecretStore();
  secrets.set('webhookKey:k1', KEY);
  return startTestApp({
    secrets,
    features: (ctx) => [createTracingFeature(ctx), createLiveFeature(ctx), createReplayFeature(ctx)],
    requireAllHandlers: false,
    rendererDir: '/nonexistent-renderer',
    settings: {
      listener: { port: 0, keys: [{ id: 'k1', label: 'test', addedAt: '2026-01-01T00:00:00Z' }] },
      tracing: { port: 0 },
    },
  });
}

const endpointOf = (a: TestApp) => a.core.ctx.runtime.status.get().tracing.endpoint!;

/** A forwarded delivery's results (once both targets answered and the results are stored). */
async function forward(a: TestApp, targets: string[]) {
  await a.call('settings.update', { listener: { forwardTargets: targets } });
  const listenerUrl = a.core.ctx.runtime.status.get().listener.url!;
  const body = eventBody();
  const forwarded = new Promise<number>((resolve) => {
    const off = a.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event !== 'live.forwarded') return;
      off();
      resolve((payload as { id: number }).id);
    });
  });
  await post(`${listenerUrl}/hooks`, body, { 'Content-Type': 'application/json', 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64'), 'X-Svc-Event-Id': '101' });
  const id = await forwarded;
  return (await a.call('live.get', { id })).forwards;
}

describe('tracing with a handler instrumented by the OpenTelemetry Node SDK', () => {
  for (const protocol of [undefined, 'http/json'] as const) {
    it(`joins the handler's spans to each forward's trace (${protocol ?? 'the SDK default, http/protobuf'})`, async () => {
      app = await startApp();
      handler = await startOtelHandler(endpointOf(app), protocol);
      const [ok, failing] = await forward(app, [`${handler.url}/webhooks`, `${handler.url}/webhooks/throws`]);
      expect(ok!.status).toBe(200);
      expect(failing!.status).toBe(500);
      expect(ok!.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(failing!.traceId).not.toBe(ok!.traceId);

      const trace = await waitForTrace(app, ok!.traceId!, hasHandlerSpans);
      const server = spanNamed(trace.spans, /^POST( \/webhooks)?$/)!;
      expect(server.service).toBe('webhook-fixture');
      expect(server.attributes['http.route'] ?? server.attributes['http.target'] ?? server.attributes['url.path']).toMatch(/\/webhooks/);
      // The server span's parent is Hooklab's span of the traceparent (not among the handler's).
      expect(trace.spans.map((s) => s.spanId)).not.toContain(server.parentSpanId);
      expect(spanNamed(trace.spans, /^process-event$/)!.parentSpanId).not.toBeNull();

      const errors = await waitForTrace(app, failing!.traceId!, hasErrorSpan);
      const error = errors.spans.find((s) => s.status === 'error' && s.events.length > 0)!;
      const exception = error.events.find((e) => e.name === 'exception')!;
      expect(exception.attributes['exception.message']).toBe('card store unavailable');
      expect(String(exception.attributes['exception.stacktrace'])).toMatch(/otel-express-handler\.cjs/);
      expect(app.core.ctx.runtime.status.get().tracing.spans).toBeGreaterThanOrEqual(trace.spans.length + errors.spans.length);

      // An agent asks the same through MCP: both forwards' traces, the error's message included.
      const client = coreClient(app.core);
      const tool = hooklabTools(client, createSendPolicy(client, { webhookKey: null, allowTargets: [] }, async () => app!.core.ctx.runtime.sessions.start())).find((t) => t.name === 'get_handler_trace')!;
      const deliveryId = (await app.call('live.list', {})).rows[0]!.id;
      const answer = await tool.run({ deliveryId } as never);
      const text = (answer.content[0] as { text: string }).text;
      expect(text).toMatch(/process-event \[webhook-fixture\]/);
      expect(text).toMatch(/exception: Error: card store unavailable/);
      expect((answer.structuredContent as { traces: unknown[] }).traces).toHaveLength(2);
    }, 30_000);
  }

  it("joins the handler's spans to a replay's and to each handler check's trace", async () => {
    app = await startApp();
    handler = await startOtelHandler(endpointOf(app));
    const { replays } = await app.call('replay.send', {
      request: { body: { kind: 'text', text: eventBody() }, headers: { eventId: { mode: 'typed', value: '202' }, eventCreated: { mode: 'now' } } },
      targetUrl: `${handler.url}/webhooks/throws`,
    });
    const replay = replays[0]!.summary;
    expect(replay.status).toBe(500);
    expect((await waitForTrace(app, replay.traceId!, hasErrorSpan)).spans.length).toBeGreaterThan(1);
    // The history keeps the trace id.
    expect((await app.call('replay.get', { id: replay.id })).summary.traceId).toBe(replay.traceId);

    const report = await app.call('replay.checkHandler', { url: `${handler.url}/webhooks`, only: ['valid-signature-accepted', 'duplicate-event-acknowledged'] });
    const traceIds = report.checks.flatMap((c) => c.evidence.map((e) => e.traceId));
    expect(new Set(traceIds).size).toBe(traceIds.length);
    for (const check of report.checks) {
      expect(check.traceId).toMatch(/^[0-9a-f]{32}$/);
      await waitForTrace(app, check.traceId!, hasHandlerSpans);
    }
  }, 30_000);
});
