import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import protobuf from 'protobufjs/light.js';
import { field, span, traceExport } from '../../../../support/otlp-protobuf-writer';
import { createTracingFeature } from '../../../../../electron/features/tracing/feature';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { waitForStatus } from '../live/live-helpers';

let app: TestApp | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function startApp(tracing: Record<string, unknown> = {}): Promise<TestApp> {
  return startTestApp({
    features: (ctx) => [createTracingFeature(ctx)],
    requireAllHandlers: false,
    rendererDir: '/nonexistent-renderer',
    settings: { tracing: { port: 0, ...tracing } },
  });
}

/** An OTLP/JSON export of one span (the shape the JSON exporters send). */
function exportOf(traceId: string, spanId = 'b7ad6b7169203331', name = 'POST /webhooks') {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shop-api' } }] },
        scopeSpans: [
          {
            scope: { name: 'manual' },
            spans: [
              {
                traceId,
                spanId,
                name,
                kind: 2,
                startTimeUnixNano: '1767225600000000000',
                endTimeUnixNano: '1767225600012500000',
                attributes: [
                  { key: 'http.route', value: { stringValue: '/webhooks' } },
                  { key: 'http.response.status_code', value: { intValue: '200' } },
                ],
                status: { code: 1 },
              },
            ],
          },
        ],
      },
    ],
  };
}

const postJson = (endpoint: string, body: unknown) =>
  fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the OTLP receiver', () => {
  it('keeps the spans of a trace Hooklab started and counts and drops the others', async () => {
    app = await startApp();
    const endpoint = app.core.ctx.runtime.status.get().tracing.endpoint!;
    const ours = app.core.ctx.runtime.traces.start().traceId;
    const foreign = 'abcdefabcdefabcdefabcdefabcdef12';
    expect((await postJson(endpoint, exportOf(ours))).status).toBe(200);
    expect((await postJson(endpoint, exportOf(foreign, '1111111111111111'))).status).toBe(200);
    const status = await waitForStatus(app, (s) => s.tracing.spans === 1 && s.tracing.dropped === 1);
    expect(status.tracing).toEqual({ endpoint, spans: 1, dropped: 1 });
    expect(await app.call('traces.get', { traceId: ours })).toEqual({
      traceId: ours,
      spans: [
        {
          spanId: 'b7ad6b7169203331',
          parentSpanId: null,
          name: 'POST /webhooks',
          service: 'shop-api',
          startedAt: '2026-01-01T00:00:00.000Z',
          durationMs: 12.5,
          status: 'ok',
          attributes: { 'http.route': '/webhooks', 'http.response.status_code': 200 },
          events: [],
        },
      ],
      totalSpans: 1,
    });
    expect((await app.call('traces.get', { traceId: foreign })).spans).toEqual([]);
  });

  it('answers 413 to a request over the cap and keeps nothing of it', async () => {
    app = await startApp({ maxRequestBytes: 1024 });
    const endpoint = app.core.ctx.runtime.status.get().tracing.endpoint!;
    const ours = app.core.ctx.runtime.traces.start().traceId;
    const big = exportOf(ours, 'b7ad6b7169203331', 'x'.repeat(2048));
    const res = await postJson(endpoint, big);
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/over 1024 bytes/);
    expect((await app.call('traces.get', { traceId: ours })).spans).toEqual([]);
    expect(app.core.ctx.runtime.status.get().tracing).toMatchObject({ spans: 0, dropped: 0 });
    // Nothing is broken: the next export of a right size is kept.
    expect((await postJson(endpoint, exportOf(ours))).status).toBe(200);
    expect((await app.call('traces.get', { traceId: ours })).spans).toHaveLength(1);
  });

  it('answers 413 to a chunked body (no Content-Length) as soon as it passes the cap', async () => {
    app = await startApp({ maxRequestBytes: 1024 });
    const endpoint = app.core.ctx.runtime.status.get().tracing.endpoint!;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{"resourceSpans":[' + ' '.repeat(800));
      req.end(' '.repeat(800) + ']}');
    });
    expect(status).toBe(413);
    expect(app.core.ctx.runtime.status.get().tracing).toMatchObject({ spans: 0, dropped: 0 });
  });

  it('answers only its own loopback Host and Origin (DNS rebinding gets 421, a foreign page 403)', async () => {
    app = await startApp();
    const endpoint = new URL(app.core.ctx.runtime.status.get().tracing.endpoint!);
    const ours = app.core.ctx.runtime.traces.start().traceId;
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify(exportOf(ours));
        const req = request({ host: '127.0.0.1', port: endpoint.port, path: '/v1/traces', method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await send({ Host: `rebind.example:${endpoint.port}` })).toBe(421);
    expect(await send({ Host: endpoint.host, Origin: 'http://evil.example' })).toBe(403);
    expect((await app.call('traces.get', { traceId: ours })).spans).toEqual([]);
    expect(await send({ Host: `localhost:${endpoint.port}` })).toBe(200);
    expect(await send({ Host: endpoint.host, Origin: `http://127.0.0.1:${endpoint.port}` })).toBe(200);
  });

  it('decodes protobuf bodies off the main thread, and never a span of a trace Hooklab did not start', async () => {
    app = await startApp();
    const endpoint = app.core.ctx.runtime.status.get().tracing.endpoint!;
    const ours = app.core.ctx.runtime.traces.start().traceId;
    // A foreign span whose bytes no decoder reads (a field of wire type 7 after its trace id):
    // cut on the wire before anything is decoded, so the export is still taken.
    const foreign = field(2, field(1, Buffer.from('cd'.repeat(16), 'hex')), Buffer.from([0x0f, 0xff, 0xff]));
    const decodeOnMain = vi.spyOn(protobuf.Type.prototype, 'decode');
    try {
      const res = await fetch(`${endpoint}/v1/traces`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-protobuf' },
        body: traceExport('shop-api', foreign, span(ours, '0102030405060708', 'POST /webhooks')),
      });
      expect(res.status).toBe(200);
      expect((await app.call('traces.get', { traceId: ours })).spans.map((s) => [s.name, s.service])).toEqual([['POST /webhooks', 'shop-api']]);
      expect(app.core.ctx.runtime.status.get().tracing).toMatchObject({ spans: 1, dropped: 1 });
      // Decoded on the decoder's thread: this thread never ran protobuf's decoder.
      expect(decodeOnMain).not.toHaveBeenCalled();
    } finally {
      decodeOnMain.mockRestore();
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    app = await startApp();
    const endpoint = new URL(app.core.ctx.runtime.status.get().tracing.endpoint!);
    expect(endpoint.hostname).toBe('127.0.0.1');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === 'IPv4');
    if (outside) {
      await expect(fetch(`http://${outside.address}:${endpoint.port}/v1/traces`, { method: 'POST' })).rejects.toThrow();
    }
  });

  it('refuses what is not an OTLP export with a clear status, and is off when settings say so', async () => {
    app = await startApp();
    const endpoint = app.core.ctx.runtime.status.get().tracing.endpoint!;
    expect((await fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' })).status).toBe(415);
    expect((await fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'application/x-protobuf' }, body: new Uint8Array([0xff, 0xff, 0xff]) })).status).toBe(400);
    expect((await fetch(`${endpoint}/elsewhere`)).status).toBe(404);
    await app.call('settings.update', { tracing: { enabled: false } });
    await waitForStatus(app, (s) => s.tracing.endpoint === null);
    await expect(fetch(`${endpoint}/v1/traces`, { method: 'POST' })).rejects.toThrow();
  });
});
