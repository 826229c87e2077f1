import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, CallEnvelope } from '../../../../../shared/contract';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { callChannel, EVENT_CHANNEL } from '../../../../../electron/hosts/preload/channels';
import { startReceiver, type Receiver } from '../../features/history/receiver';
import { seedSettings, startDesktopHost, type DesktopHost, type JournalEntry } from './desktop-host';

const OWN_PAGE = { frameUrl: 'app://hooklab/index.html' };
const FAILING_DELIVERIES = 3;

const aboutHandler = (e: JournalEntry) => /handler/i.test((e.args[0] as { title?: string }).title ?? '');
const sentEvent = (event: string) => (e: JournalEntry) =>
  e.call === 'send' && e.args[0] === EVENT_CHANNEL && (e.args[1] as { event?: string })?.event === event;

/**
 * The desktop app's side of notifications (built out/main/index.js under the Electron
 * stand-in): a handler that fails shows one Electron Notification, not one per delivery, and
 * clicking it brings the window forward and tells the page to open that delivery.
 */
describe('notifications in the desktop app', () => {
  let host: DesktopHost;
  let handler: Receiver;
  /** Which of the notifications shown (from 0) says the handler fails. */
  let handlerNotice = -1;
  const userData = mkdtempSync(join(tmpdir(), 'hooklab-desktop-notify-'));

  const call = async <T>(name: string, args: unknown): Promise<T> => {
    const answer = await host.command<{ value: CallEnvelope<T> }>('invoke', { channel: callChannel(name), args, ...OWN_PAGE });
    if (!answer.value.ok) throw new Error(`${name}: ${JSON.stringify(answer.value)}`);
    return answer.value.value as T;
  };

  beforeAll(async () => {
    handler = await startReceiver(500);
    seedSettings(userData, {
      listener: { port: 0, forwardTargets: [handler.url] },
      sandbox: { port: 0 },
      localApi: { port: 0 },
      tracing: { port: 0 },
    });
    host = await startDesktopHost({ userData });
    await host.ready();
  });
  afterAll(async () => {
    await host?.kill();
    await handler?.close();
    rmSync(userData, { recursive: true, force: true });
  });

  it('shows one notification for a handler that fails on every delivery', async () => {
    const status = await call<AppStatus>('app.status', {});
    expect(status.listener.state, `the listener did not start: ${status.listener.error}`).toBe('listening');
    for (let i = 0; i < FAILING_DELIVERIES; i++) {
      const res = await fetch(status.listener.url!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'order.paid', orderId: `o-${i}` }),
      });
      expect(res.status, 'the listener did not answer the webhook').toBeLessThan(600);
      await res.arrayBuffer();
    }
    await host.waitFor(`all ${FAILING_DELIVERIES} forwards announced to the window`, () => host.journal.filter(sentEvent('live.forwarded')).length >= FAILING_DELIVERIES);
    await host.waitFor('a notification that the handler fails', (e) => e.api === 'Notification' && e.call === 'new' && aboutHandler(e));
    // Unsigned deliveries are said too (a kind of their own); the handler's streak is said once.
    const created = host.calls('Notification', 'new').filter(aboutHandler);
    expect(created, 'one notification per failing delivery instead of one per failing streak').toHaveLength(1);
    expect(created[0]!.afterReady).toBe(true);
    expect(created[0]!.args[0]).toMatchObject({ body: expect.stringContaining(handler.url) });
    const index = host.calls('Notification', 'new').indexOf(created[0]!);
    const shownApi = `notification#${index + 1}`;
    expect(host.calls(shownApi, 'show'), 'the notification was made but never shown').toHaveLength(1);
    handlerNotice = index;
  });

  it('clicking it (later: after a garbage collection) brings the window forward and opens that delivery', async () => {
    const { rows } = await call<{ rows: DeliverySummary[] }>('live.list', {});
    const firstFailing = Math.min(...rows.map((r) => r.id));
    await host.command('minimize');
    const before = host.journal.length;
    const click = await host.command<{ delivered: boolean }>('clickNotification', { index: handlerNotice });
    expect(click.delivered, "the click was lost: the desktop app kept no reference to its Notification, so Electron's was collected").toBe(true);
    const navigate = await host.waitFor('app.navigate sent to the window', (e) => e.seq >= before && sentEvent('app.navigate')(e));
    expect((navigate.args[1] as { payload: unknown }).payload).toEqual({ area: 'live', deliveryId: firstFailing });
    const windowCalls = host.journal.filter((e) => e.seq >= before && e.api.startsWith('window#')).map((e) => e.call);
    expect(windowCalls, 'the minimized window was not restored and focused').toEqual(expect.arrayContaining(['restore', 'focus']));
  });
});
