import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretName, redactAttributes, redactText, redactTrace } from '../../../../shared/tracing/redact-trace';

const SIGNATURE = 'q3XH0o0mWmO8Y8+Z1wVhCq1dJ2w7Gm0bq2j9m0p1Qk8=';

describe('redactTrace', () => {
  it('names: signature, key, token, cookie and authorization attributes, in any spelling', () => {
    for (const name of ['http.request.header.x-svc-hmac-sha256', 'http.request.header.authorization', 'http.request.header.cookie', 'http.response.header.set-cookie', 'webhookKey', 'app.api_key', 'session.token', 'db.password', 'X-Svc-Signature'])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['http.route', 'http.response.status_code', 'exception.message', 'order.id', 'service.name']) expect(isSecretName(name), name).toBe(false);
  });

  it('replaces the values of secret attributes, header arrays and nested maps, and keeps the rest', () => {
    const attributes = redactAttributes({
      'http.request.header.x-svc-hmac-sha256': [SIGNATURE],
      'http.request.header.authorization': ['Bearer eyJhbGciOi.abc.def'],
      'http.route': '/webhooks',
      'http.response.status_code': 200,
      'app.config': { webhookKey: 'whk_abc', region: 'sv' },
      'url.full': 'http://127.0.0.1:3000/webhooks?token=t0k3n&page=2',
    });
    expect(attributes).toEqual({
      'http.request.header.x-svc-hmac-sha256': REDACTED,
      'http.request.header.authorization': REDACTED,
      'http.route': '/webhooks',
      'http.response.status_code': 200,
      'app.config': { webhookKey: REDACTED, region: 'sv' },
      'url.full': `http://127.0.0.1:3000/webhooks?token=${REDACTED}&page=2`,
    });
  });

  it('redacts secrets inside text: header lines, JSON, query strings and bare signatures', () => {
    const text = [
      'Error: signature mismatch',
      `X-Svc-Hmac-Sha256: ${SIGNATURE}`,
      'Authorization: Bearer abc.def.ghi',
      'Cookie: sid=123; theme=dark',
      '{"orderId":"42","signature":"abc=","apiKey":"k-1"}',
      `expected ${SIGNATURE} got something else`,
      `hex ${'a1'.repeat(32)}`,
      'at verify (/srv/app/webhooks.js:12:7)',
    ].join('\n');
    const out = redactText(text);
    expect(out).not.toContain(SIGNATURE);
    expect(out).not.toMatch(/abc\.def|sid=123|theme=dark|k-1|abc=|a1a1a1/);
    expect(out).toContain('Error: signature mismatch');
    expect(out).toContain(`X-Svc-Hmac-Sha256: ${REDACTED}`);
    expect(out).toContain(`Authorization: ${REDACTED}`);
    expect(out).toContain(`{"orderId":"42","signature":"${REDACTED}","apiKey":"${REDACTED}"}`);
    expect(out).toContain('at verify (/srv/app/webhooks.js:12:7)');
  });

  it('redacts span names, attributes and every event (exceptions included)', () => {
    const trace = redactTrace({
      traceId: 'a'.repeat(32),
      totalSpans: 1,
      spans: [
        {
          spanId: 'b'.repeat(16), parentSpanId: null, name: 'GET /hook?token=secret1', service: 'shop', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, status: 'error',
          attributes: { 'http.request.header.cookie': 'sid=1' },
          events: [{ name: 'exception', attributes: { 'exception.message': `bad signature ${SIGNATURE}`, 'exception.stacktrace': `Error: x-svc-hmac-sha256=${SIGNATURE}\n    at f (a.js:1:1)` } }],
        },
      ],
    });
    expect(JSON.stringify(trace)).not.toMatch(/secret1|sid=1/);
    expect(JSON.stringify(trace)).not.toContain(SIGNATURE);
    expect(trace.spans[0]!.events[0]!.attributes['exception.stacktrace']).toContain('at f (a.js:1:1)');
  });

  it('stays linear on a megabyte of letters (no backtracking blow-up)', () => {
    const big = 'a'.repeat(1_000_000) + ' token=x';
    expect(redactText(big).endsWith(`token=${REDACTED}`)).toBe(true);
  });
});
