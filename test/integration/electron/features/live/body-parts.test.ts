import { afterEach, describe, expect, it } from 'vitest';
import { post, startLiveApp, type LiveApp } from './live-helpers';

let app: LiveApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const latestId = async (target: LiveApp) => (await target.call('live.list', { limit: 1 })).rows[0]!.id;

/**
 * A large body opened in parts through the real listener and store: live.get sends the first
 * part (whole characters), live.body the ranges after it, and the parts make the exact body.
 */
describe('Live body in parts', () => {
  it('sends the first part of a 20 MB body, and its ranges rebuild the exact bytes', async () => {
    app = await startLiveApp({ listener: { bodyLimitBytes: 32 * 1024 * 1024 } });
    // "é" is two bytes from offset 25 on: a cut at an even offset would split one.
    const body = Buffer.from(`{"type":"Created","pad":"${'é'.repeat(10 * 1024 * 1024)}"}`, 'utf8');
    expect((await post(`${app.listenerUrl}/big`, body)).status).toBe(200);
    const id = await latestId(app);

    const detail = await app.call('live.get', { id, bodyBytes: 1000 });
    const first = Buffer.from(detail.bodyBase64, 'base64');
    expect(detail.bodyStoredBytes).toBe(body.length);
    expect(first.length).toBe(999);
    expect(detail.bodyText).toBe(body.subarray(0, 999).toString('utf8'));
    expect(detail.summary.eventType).toBe('Created');

    const parts: Buffer[] = [first];
    for (let offset = first.length; offset < body.length; ) {
      const range = await app.call('live.body', { id, offset, length: 8 * 1024 * 1024 });
      expect(range).toMatchObject({ offset, storedBytes: body.length });
      const bytes = Buffer.from(range.bodyBase64, 'base64');
      parts.push(bytes);
      offset += bytes.length;
    }
    expect(Buffer.concat(parts).equals(body)).toBe(true);
  });

  it('keeps the whole body when no part is asked for, says non-UTF-8 bodies are not text, and refuses bad ranges', async () => {
    app = await startLiveApp();
    const binary = Uint8Array.from([0x7b, 0xff, 0xfe, 0x00, 0x41]);
    await post(`${app.listenerUrl}/binary`, binary);
    const id = await latestId(app);
    const whole = await app.call('live.get', { id });
    expect(Buffer.from(whole.bodyBase64, 'base64').equals(Buffer.from(binary))).toBe(true);
    expect(whole.bodyText).toBeNull();
    const part = await app.call('live.get', { id, bodyBytes: 2 });
    expect([...Buffer.from(part.bodyBase64, 'base64')]).toEqual([0x7b, 0xff]);
    expect(part.bodyText).toBeNull();
    expect(await app.call('live.body', { id, offset: 10, length: 5 })).toMatchObject({ bodyBase64: '', storedBytes: 5 });
    await expect(app.call('live.body', { id: id + 100, offset: 0, length: 5 })).rejects.toMatchObject({ code: 'not-found' });
    await expect(app.call('live.body', { id, offset: -1, length: 5 })).rejects.toThrow();
    await expect(app.call('live.body', { id, offset: 0, length: 9 * 1024 * 1024 })).rejects.toThrow();
  });
});
