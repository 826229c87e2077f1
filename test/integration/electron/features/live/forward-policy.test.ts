import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardToAll } from '../../../../../electron/features/live/forwarding/forwarder';
import { startLiveApp } from './live-helpers';
import { closedAfterEach } from '../../../../support/closed-after-each';

const closeAfter = closedAfterEach();

/**
 * A handler reached as http://0.0.0.0:PORT: Linux connects that address to this machine, yet it
 * is no loopback host, so it stands for another host without any traffic leaving.
 */
async function offMachineHandler(): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  closeAfter(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://0.0.0.0:${(server.address() as AddressInfo).port}/hook`, hits: () => hits };
}

const payload = { method: 'POST', headers: [] as [string, string][], body: Buffer.from('{}') };

describe('the forwarder sends real webhooks off this machine only where the user allowed it', () => {
  it('refuses a target that is not loopback and not allowed, before connecting, and says how to allow it', async () => {
    const h = await offMachineHandler();
    const [refused] = await forwardToAll([h.url], payload);
    expect(refused).toMatchObject({ status: null, error: expect.stringMatching(/^not forwarded: 0\.0\.0\.0:\d+ is not on this machine and you did not allow it \(start with --allow-non-loopback/) });
    expect(h.hits()).toBe(0);
    const [sent] = await forwardToAll([h.url], payload, { allowedTargets: [h.url] });
    expect(sent!.status).toBe(200);
    expect(h.hits()).toBe(1);
  });

  it('a target typed in Settings → Listener is allowed; saving again does not allow one an earlier start saved', async () => {
    const typed = await offMachineHandler();
    const saved = await offMachineHandler();
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [saved.url] } }));
    await app.call('settings.update', { listener: { forwardTargets: [saved.url, typed.url] } });
    expect((await app.call('settings.get', {})).settings.listener.allowedTargets).toEqual([typed.url]);
    await app.call('settings.update', { listener: { port: 0, forwardTargets: [saved.url, typed.url] } });
    expect((await app.call('settings.get', {})).settings.listener.allowedTargets).toEqual([typed.url]);
  });
});
