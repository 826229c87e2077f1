import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import { processExists } from '../../../../support/server-process';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { startMcp, textOf, type McpSession } from './mcp-process';

/** The folder's current key: the user's store key. */
const PRODUCTION_KEY = 'whk_production_key_agent_events_5be2';

/** An OTLP/JSON span with attributes (key, string value pairs) and events. */
function otlpSpan(traceId: string, i: number, attributes: Array<[string, string]>, events: Array<{ name: string; attributes: Array<[string, string]> }> = []) {
  const at = (pairs: Array<[string, string]>) => pairs.map(([key, v]) => ({ key, value: { stringValue: v } }));
  return {
    traceId,
    spanId: (i + 1).toString(16).padStart(16, '0'),
    name: i === 0 ? 'POST /webhooks' : `db.query ${i}`,
    kind: 2,
    startTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000n),
    endTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000n + 500n),
    attributes: at(attributes),
    events: events.map((e) => ({ name: e.name, timeUnixNano: '1767225600000000000', attributes: at(e.attributes) })),
    status: { code: i === 0 ? 2 : 1 },
  };
}

describe("an agent's events and the handler's traces, through hooklab mcp", () => {
  let dataDir: string;
  let serve: ServeOnFolder;
  let mcp: McpSession;
  let handler: TestHandler;
  const call = async <T,>(name: string, args: unknown = {}): Promise<T> => {
    const r = await callWith(serve.url, serve.token, name, args);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { value: T }).value;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hooklab-mcp-agent-'));
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: undefined });
    await call('live.addKey', { label: 'production', value: PRODUCTION_KEY });
    handler = await startHandler('correct', { key: PRODUCTION_KEY });
    await call('replay.addTarget', { url: handler.url });
    mcp = await startMcp(dataDir);
  }, 60_000);

  afterAll(async () => {
    await mcp?.close();
    await serve?.stop();
    await handler?.close();
    expect(processExists(-mcp.pid)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('trigger_event without `to` is stored at the listener, never as verified: Sequences does not count its order as paid', async () => {
    const r = await mcp.call('trigger_event', { eventType: 'SuccessPayment', orderId: 'agent-paid-1' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const { rows } = await call<{ rows: Array<{ orderId: string | null; signature: string; unverified: boolean; diagnosis: { kind: string; message: string } | null }> }>('live.list', {});
    const row = rows.find((d) => d.orderId === 'agent-paid-1')!;
    expect(row.signature).toBe('unverifiable');
    expect(row.unverified).toBe(true);
    expect(row.diagnosis?.kind).toBe('sent-by-agent');
    const order = await call<{ summary: { status: string; unverifiedOnly: boolean; verified: boolean } }>('sequences.get', { orderId: 'agent-paid-1' });
    expect(order.summary).toMatchObject({ unverifiedOnly: true, verified: false });
    const orders = await mcp.call('list_orders', {});
    expect(textOf(orders)).toMatch(/unverified: PAID claimed/);

    // The sandbox's own deliveries still verify beside the user's key.
    await call('sandbox.runScenario', { name: 'order-cancelled' });
    const after = (await call<{ rows: Array<{ signature: string; eventType: string | null }> }>('live.list', {})).rows;
    expect(after.filter((d) => d.eventType === 'Cancelled').map((d) => d.signature)).toEqual(['valid']);
  });

  it("get_handler_trace and traces.get redact signature, key, token, cookie and authorization values, and cap the reply", async () => {
    const sent = await mcp.call('trigger_event', { eventType: 'Created', to: handler.url, orderId: 'agent-trace-1' });
    expect(sent.isError, textOf(sent)).toBeFalsy();
    const { replayId, traceId } = sent.structuredContent as { replayId: number; traceId: string };
    const request = handler.received.at(-1)!;
    const signature = request.rawHeaders[request.rawHeaders.findIndex((h) => h.toLowerCase() === 'x-svc-hmac-sha256') + 1]!;
    expect(signature).toMatch(/=$/);

    // The handler records its request headers, as HTTP instrumentations do, and throws quoting them.
    const secrets = [signature, 'Bearer agent-visible-token-1', 'sid=cookie-value-2', 'whk_handler_config_key_3'];
    const first = otlpSpan(
      traceId,
      0,
      [
        ['http.request.header.x-svc-hmac-sha256', signature],
        ['http.request.header.authorization', 'Bearer agent-visible-token-1'],
        ['http.request.header.cookie', 'sid=cookie-value-2'],
        ['app.webhookKey', 'whk_handler_config_key_3'],
        ['http.route', '/webhooks'],
      ],
      [{ name: 'exception', attributes: [['exception.type', 'Error'], ['exception.message', `bad signature ${signature}`], ['exception.stacktrace', `Error: Authorization: Bearer agent-visible-token-1\n    at verify (webhooks.js:1:1)`]] }],
    );
    const many = Array.from({ length: 2_999 }, (_, i) => otlpSpan(traceId, i + 1, [['db.statement', `SELECT ${'x'.repeat(1_500)} -- ${i}`]]));
    const endpoint = (await call<{ tracing: { endpoint: string } }>('app.status')).tracing.endpoint;
    const exported = await fetch(`${endpoint}/v1/traces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shop-api' } }] }, scopeSpans: [{ scope: { name: 'manual' }, spans: [first, ...many] }] }] }),
    });
    expect(exported.status).toBe(200);

    const forUi = await call<{ spans: unknown[]; totalSpans: number }>('traces.get', { traceId });
    expect(forUi.totalSpans).toBe(3_000);
    const uiJson = JSON.stringify(forUi);
    for (const secret of secrets) expect(uiJson).not.toContain(secret);

    const r = await mcp.call('get_handler_trace', { replayId });
    expect(r.isError, textOf(r)).toBeFalsy();
    const reply = JSON.stringify(r);
    for (const secret of secrets) expect(reply).not.toContain(secret);
    expect(textOf(r)).toMatch(/exception: Error: bad signature \[redacted\]/);
    expect(textOf(r)).toMatch(/showing the first \d+ of 3000 spans/);
    expect(textOf(r)).toMatch(/attribute values shortened to 1000 characters/);
    expect(Buffer.byteLength(reply)).toBeLessThan(600_000);
    const { traces, cuts } = r.structuredContent as { traces: Array<{ spans: unknown[]; totalSpans: number }>; cuts: Array<{ spansShown: number; spansTotal: number }> };
    expect(traces[0]!.spans.length).toBeLessThanOrEqual(500);
    expect(cuts[0]).toMatchObject({ spansShown: traces[0]!.spans.length, spansTotal: 3_000 });
  }, 60_000);
});
