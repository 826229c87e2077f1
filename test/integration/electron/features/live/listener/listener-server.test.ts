import { HistoryStore } from '../../../../../../electron/services/data/history-store';
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { eventBody, post, startLiveApp, type LiveApp } from '../live-helpers';

let app: LiveApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const signed = (body: string | Uint8Array, extra: Record<string, string> = {}, key = 'test-key') => ({
  'Content-Type': 'application/json',
  'X-Svc-Hmac-Sha256': signBody(nodeHmac, key, body),
  ...extra,
});

describe('listener', () => {
  it('records a signed delivery exactly, judges it valid and answers 200 after it is stored', async () => {
    app = await startLiveApp();
    const body = eventBody();
    const res = await post(`${app.listenerUrl}/webhooks/orders?x=1`, body, signed(body, { 'X-Svc-Event-Id': '101', 'X-Svc-Event-Created': '2024-05-01T10:00:00Z', 'X-Custom': 'a' }));
    expect(res.status).toBe(200);
    // 2xx means stored: the row is there the moment the answer arrives.
    const row = app.core.ctx.data.db.prepare('SELECT body_sha256 FROM received_deliveries').get() as { body_sha256: string };
    expect(row.body_sha256).toBe(createHash('sha256').update(body).digest('hex'));

    const { rows, total } = await app.call('live.list', {});
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      method: 'POST',
      path: '/webhooks/orders?x=1',
      eventId: 101,
      eventType: 'Created',
      level: 'Info',
      orderType: 'FULL',
      orderId: 'ord-1',
      signature: 'valid',
      signatureKeyId: 'k1',
      duplicateOf: null,
      outOfOrder: false,
      answeredStatus: 200,
    });
    const detail = await app.call('live.get', { id: rows[0]!.id });
    expect(detail.bodyText).toBe(body);
    expect(detail.headers).toContainEqual(['X-Custom', 'a']);
    expect(detail.headers).toContainEqual(['X-Svc-Event-Id', '101']);
  });

  it('keeps invalid UTF-8, empty and non-JSON bodies byte for byte', async () => {
    app = await startLiveApp();
    const binary = new Uint8Array([0xff, 0x00, 0xc3, 0x28, 0x7b, 0x0a]);
    for (const body of [binary, new Uint8Array(0), new TextEncoder().encode('not json')]) {
      expect((await post(`${app.listenerUrl}/`, body, signed(body))).status).toBe(200);
    }
    const { rows } = await app.call('live.list', {});
    const details = await Promise.all(rows.map((r) => app!.call('live.get', { id: r.id })));
    const bodies = details.map((d) => Buffer.from(d.bodyBase64, 'base64'));
    expect(bodies.map((b) => b.toString('hex')).sort()).toEqual(['', Buffer.from(binary).toString('hex'), Buffer.from('not json').toString('hex')].sort());
    expect(details.find((d) => d.bodyBase64 === Buffer.from(binary).toString('base64'))?.bodyText).toBeNull();
    expect(rows.every((r) => r.signature === 'valid')).toBe(true);
  });

  it('keeps a huge, deeply nested body with a wrong signature exactly, without parsing it', async () => {
    app = await startLiveApp();
    const body = '['.repeat(1_500_000) + ']'.repeat(1_500_000);
    const res = await post(`${app.listenerUrl}/`, body, signed(body, {}, 'not-the-key'));
    expect(res.status).toBe(200);
    const [row] = (await app.call('live.list', {})).rows;
    expect(row).toMatchObject({ signature: 'invalid', eventType: null, bodySize: body.length, truncated: false });
    expect(row!.diagnosis?.kind).toBe('wrong-key');
    const stored = app.core.ctx.data.db.prepare('SELECT body_sha256 FROM received_deliveries').get() as { body_sha256: string };
    expect(stored.body_sha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('reports missing header, no key and diagnoses an invalid signature', async () => {
    app = await startLiveApp();
    const body = eventBody();
    await post(`${app.listenerUrl}/`, body, {});
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    await post(`${app.listenerUrl}/`, pretty, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.signature)).toEqual(['invalid', 'missing']);
    expect(rows[0]!.diagnosis?.kind).toBe('re-serialised');
    await app.close();

    app = await startLiveApp({}, null);
    await post(`${app.listenerUrl}/`, body, signed(body));
    expect((await app.call('live.list', {})).rows[0]!.signature).toBe('no-key');
  });

  it('names the key by its label and says which characters a re-serialiser escaped', async () => {
    app = await startLiveApp();
    const body = eventBody({ description: 'Pedido de Café' });
    const escaped = body.replace('é', '\\u00e9');
    await post(`${app.listenerUrl}/`, escaped, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
    const [row] = (await app.call('live.list', {})).rows;
    expect(row!.diagnosis).toMatchObject({ kind: 're-serialised' });
    expect(row!.diagnosis!.message).toContain('re-serialised on the way: characters escaped (\\u00e9 instead of é)');
    expect(row!.diagnosis!.message).toContain('verifies with key "test"');
    expect(row!.diagnosis!.message).not.toMatch(/compactly|whitespace/);
  });

  it("says what was changed on the way when the service's history copy of the event verifies under the signature", async () => {
    app = await startLiveApp();
    const sent = eventBody({ type: 'SuccessPayment', metadata: { PaidAmount: '10.00' } });
    const changed = sent.replace('10.00', '99.00');
    await post(`${app.listenerUrl}/`, changed, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', sent), 'X-Svc-Event-Id': '77' });
    const [row] = (await app.call('live.list', {})).rows;
    expect(row!.diagnosis?.kind).toBe('wrong-key');
    // The poller's copy of the service's history holds event 77 as it was sent.
    const delivery = { id: 5, eventId: 77, eventType: 'SuccessPayment', eventCreated: '2024-05-01T10:00:00Z', url: app.listenerUrl, payload: sent, responseStatusCode: 200, delivered: true, created: '2024-05-01T10:00:00Z' };
    new HistoryStore(app.core.ctx.data.db).apply('sandbox', [delivery], 5, '2024-05-01T10:00:01Z');
    const detail = await app.call('live.get', { id: row!.id });
    expect(detail.summary.diagnosis).toMatchObject({ kind: 'body-changed' });
    expect(detail.summary.diagnosis!.message).toContain('values changed: metadata.PaidAmount "10.00" → "99.00"');
    expect(detail.summary.diagnosis!.message).toContain('verifies with key "test"');
  });

  it('flags duplicates by event id, by payload without one, and out-of-order events of an order', async () => {
    app = await startLiveApp();
    const paid = eventBody({ type: 'SuccessPayment' });
    const created = eventBody({ type: 'Created' });
    const send = (body: string, id: string | null, createdAt: string) =>
      post(`${app!.listenerUrl}/`, body, signed(body, { ...(id ? { 'X-Svc-Event-Id': id } : {}), 'X-Svc-Event-Created': createdAt }));
    await send(paid, '2', '2024-05-01T10:00:05Z');
    await send(created, '1', '2024-05-01T10:00:00.5Z');
    await send(paid, '2', '2024-05-01T10:00:05Z');
    await send('{"unlogged":true}', null, '2024-05-01T11:00:00Z');
    await send('{"unlogged":true}', null, '2024-05-01T11:00:00Z');
    // Unlogged, with a logged event's payload: payloads are compared among unlogged ones only.
    await send(created, null, '2024-05-01T10:00:00.5Z');
    const { rows } = await app.call('live.list', {});
    const [first, second, third, fourth, fifth, sixth] = [...rows].reverse();
    expect(first).toMatchObject({ duplicateOf: null, outOfOrder: false });
    expect(second).toMatchObject({ duplicateOf: null, outOfOrder: true });
    expect(third).toMatchObject({ duplicateOf: first!.id, outOfOrder: false });
    expect(fourth).toMatchObject({ duplicateOf: null });
    expect(fifth).toMatchObject({ duplicateOf: fourth!.id });
    expect(sixth).toMatchObject({ duplicateOf: null });
  });

  it('answers 500 for the first 3 attempts of each event, then 200, per settings changed at run time', async () => {
    app = await startLiveApp();
    await app.call('settings.update', {
      listener: { rules: [{ firstAttempts: 3, answer: { status: 500, delayMs: 0, body: 'try again', hang: false } }] },
    });
    const body = eventBody();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await post(`${app.listenerUrl}/`, body, signed(body, { 'X-Svc-Event-Id': '7' }))).status);
    }
    statuses.push((await post(`${app.listenerUrl}/`, body, signed(body, { 'X-Svc-Event-Id': '8' }))).status);
    expect(statuses).toEqual([500, 500, 500, 200, 200, 500]);
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.answeredStatus).reverse()).toEqual(statuses);
  });

  it('unsigned deliveries sent first never make the real ones duplicates, out of order or later attempts', async () => {
    app = await startLiveApp();
    await app.call('settings.update', {
      listener: { rules: [{ firstAttempts: 1, answer: { status: 500, delayMs: 0, body: 'try again', hang: false } }] },
    });
    const created = eventBody({ type: 'Created' });
    const cancelled = eventBody({ type: 'Cancelled' });
    const forgedPaid = eventBody({ type: 'SuccessPayment' });
    const headers = (id: string, at: string) => ({ 'Content-Type': 'application/json', 'X-Svc-Event-Id': id, 'X-Svc-Event-Created': at });
    // The forger guesses the next two event ids, with a late creation time, before the service sends them.
    const forged1 = await post(`${app.listenerUrl}/`, forgedPaid, headers('9', '2024-05-01T12:00:00Z'));
    const forged2 = await post(`${app.listenerUrl}/`, forgedPaid, headers('10', '2024-05-01T12:00:00Z'));
    const real1 = await post(`${app.listenerUrl}/`, created, signed(created, headers('9', '2024-05-01T10:00:00Z')));
    const real1Again = await post(`${app.listenerUrl}/`, created, signed(created, headers('9', '2024-05-01T10:00:00Z')));
    const real2 = await post(`${app.listenerUrl}/`, cancelled, signed(cancelled, headers('10', '2024-05-01T10:00:01Z')));
    const forgedAgain = await post(`${app.listenerUrl}/`, forgedPaid, headers('9', '2024-05-01T12:00:00Z'));
    // "Fail the first attempt": each real event's first attempt fails, whatever the forger sent.
    expect([forged1, forged2, real1, real1Again, real2, forgedAgain].map((r) => r.status)).toEqual([500, 500, 500, 200, 500, 200]);
    const rows = [...(await app.call('live.list', {})).rows].reverse();
    expect(rows.map((r) => [r.signature, r.unverified, r.duplicateOf, r.outOfOrder])).toEqual([
      ['missing', true, null, false],
      ['missing', true, null, false],
      ['valid', false, null, false],
      ['valid', false, rows[2]!.id, false],
      ['valid', false, null, false],
      // Apart: a copy among unverified deliveries only.
      ['missing', true, rows[0]!.id, false],
    ]);
  });

  it('with no key configured, unsigned deliveries count as today: duplicates and attempts across all', async () => {
    app = await startLiveApp({}, null);
    await app.call('settings.update', {
      listener: { rules: [{ firstAttempts: 1, answer: { status: 500, delayMs: 0, body: 'try again', hang: false } }] },
    });
    const body = eventBody();
    const first = await post(`${app.listenerUrl}/`, body, { 'X-Svc-Event-Id': '9' });
    const second = await post(`${app.listenerUrl}/`, body, signed(body, { 'X-Svc-Event-Id': '9' }));
    expect([first.status, second.status]).toEqual([500, 200]);
    const rows = [...(await app.call('live.list', {})).rows].reverse();
    expect(rows.map((r) => [r.signature, r.unverified, r.duplicateOf])).toEqual([
      ['missing', false, null],
      ['no-key', false, rows[0]!.id],
    ]);
  });

  it('answers 413 to a body over the limit and records it as truncated, then keeps serving', async () => {
    app = await startLiveApp({ listener: { bodyLimitBytes: 2048 } });
    const big = 'x'.repeat(5000);
    expect((await post(`${app.listenerUrl}/`, big, signed(big))).status).toBe(413);
    const small = eventBody();
    expect((await post(`${app.listenerUrl}/`, small, signed(small))).status).toBe(200);
    const { rows } = await app.call('live.list', {});
    expect(rows[1]).toMatchObject({ truncated: true, bodySize: 5000, answeredStatus: 413 });
  });

  it('times out a sender whose headers never finish, and serves others meanwhile', async () => {
    app = await startLiveApp({ listener: { headersTimeoutMs: 300 } });
    const port = Number(new URL(app.listenerUrl).port);
    const slow = connect(port, '127.0.0.1');
    slow.write('POST / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const closed = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (d) => (text += d.toString()));
      slow.on('close', () => resolve(text));
    });
    const body = eventBody();
    expect((await post(`${app.listenerUrl}/`, body, signed(body))).status).toBe(200);
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('serves many concurrent connections and records every delivery', async () => {
    app = await startLiveApp();
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const body = eventBody({ orderId: `o-${i}` });
        return post(`${app!.listenerUrl}/`, body, signed(body, { 'X-Svc-Event-Id': String(i + 1) }));
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await app.call('live.list', { limit: 1 })).total).toBe(300);
  });

  it('moves to a new port when the setting changes, without restart', async () => {
    app = await startLiveApp();
    const probe = await import('node:net').then(({ createServer }) => {
      const s = createServer();
      return new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      }));
    });
    const updated = new Promise<void>((resolve) => {
      const off = app!.core.ctx.runtime.bus.subscribe((event, payload) => {
        if (event === 'app.status' && (payload as { listener: { port: number; state: string } }).listener.port === probe
          && (payload as { listener: { state: string } }).listener.state === 'listening') {
          off();
          resolve();
        }
      });
    });
    await app.call('settings.update', { listener: { port: probe } });
    await updated;
    const body = eventBody();
    expect((await post(`http://127.0.0.1:${probe}/`, body, signed(body))).status).toBe(200);
  });

  it('rotates keys: a new current key, the earlier still accepted, then retired and diagnosed', async () => {
    app = await startLiveApp();
    await app.call('live.addKey', { label: 'rotated', value: 'new-key' });
    const body = eventBody();
    await post(`${app.listenerUrl}/`, body, signed(body, {}, 'new-key'));
    await post(`${app.listenerUrl}/`, body, signed(body, {}, 'test-key'));
    await app.call('live.setKeyAccepted', { id: 'k1', accepted: false });
    await post(`${app.listenerUrl}/`, body, signed(body, {}, 'test-key'));
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.signature).reverse()).toEqual(['valid', 'valid', 'invalid']);
    expect(rows[0]!.diagnosis?.kind).toBe('earlier-key');
  });

  it('exports NDJSON pages with every header and the body', async () => {
    app = await startLiveApp();
    for (let i = 0; i < 3; i++) {
      const body = eventBody({ orderId: `o${i}` });
      await post(`${app.listenerUrl}/`, body, signed(body));
    }
    const page1 = await app.call('live.export', { limit: 2 });
    expect(page1.count).toBe(2);
    const page2 = await app.call('live.export', { afterId: page1.nextAfterId!, limit: 2 });
    expect(page2).toMatchObject({ count: 1, nextAfterId: null });
    const line = JSON.parse(page1.ndjson.split('\n')[0]!) as { headers: string[][]; body: string; orderId: string };
    expect(line.orderId).toBe('o0');
    expect(line.headers.some(([n]) => n === 'X-Svc-Hmac-Sha256')).toBe(true);
    await app.call('live.clear', {});
    expect((await app.call('live.list', {})).total).toBe(0);
  });
});
