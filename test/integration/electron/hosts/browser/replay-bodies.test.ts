import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { createReplayFeature } from '../../../../../electron/features/replay/feature';

const KEY = 'replay-bodies-key';
const MB = 1024 * 1024;

/**
 * Replay's calls carry the body being edited (up to its 20 MB cap by default) through the
 * browser host, whose other calls stay capped at 1 MB: a 3 MB body is signed and saved there too.
 */
describe('browser host: Replay bodies above the 1 MB call cap', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ features: (ctx) => [createReplayFeature(ctx)] });
    await app.call('replay.addThrowawayKey', { label: 'big bodies', value: KEY });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (name: string, args: object) =>
    fetch(`${app.url}/api/calls/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });

  it('signs and saves a 3 MB body, and still refuses 3 MB of arguments to any other call', async () => {
    const { keys } = (await app.call('replay.keys', {})) as { keys: { id: string; label: string; kind: string }[] };
    const key = keys.find((k) => k.label === 'big bodies')!;
    const text = JSON.stringify({ orderId: 'big', type: 'Created', pad: 'x'.repeat(3 * MB) });
    const headers = { eventId: { mode: 'new' }, eventCreated: { mode: 'now' } };
    const request = { body: { kind: 'text', text }, headers, key: { kind: 'throwaway', id: key.id } };

    const signed = await post('replay.sign', { request });
    expect(signed.status, await signed.clone().text()).toBe(200);
    const preview = (await signed.json()) as { value: { signature: string } };
    expect(preview.value.signature).toBe(createHmac('sha256', KEY).update(text).digest('base64'));

    const saved = await post('replay.saveDraft', { name: 'big', request, targetUrl: null });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const other = await post('settings.get', { padding: 'x'.repeat(3 * MB) });
    expect(other.status).toBe(413);
  });
});
