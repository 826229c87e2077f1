import { createElectronTransport } from '../../../../../renderer/src/transport/electron-transport';
import type { TransportError } from '../../../../../renderer/src/transport/transport';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, CallEnvelope, HooklabApi } from '../../../../../shared/contract';
import { callChannel, EVENT_CHANNEL } from '../../../../../electron/hosts/preload/channels';
import {
  bootDesktopHostForFile,
  type DesktopHost,
  type IpcSender,
  type JournalEntry,
} from './desktop-host';
import { runSandboxedPreload } from './sandboxed-preload';

const APP_PAGE = 'app://hooklab/index.html';
const OWN_PAGE: IpcSender = { frameUrl: APP_PAGE };

const booted = bootDesktopHostForFile();
let host: DesktopHost;
let userData: string;
let ownId: number;

beforeAll(() => {
  ({ host, userData } = booted);
  const load = host.journal.find((e) => e.call === 'loadURL' && e.api.startsWith('webContents#'))!;
  ownId = Number(/^webContents#(\d+)$/.exec(load.api)![1]);
});

/** Invokes a contract call as the renderer would, through the handler the host registered. */
async function call(
  name: string,
  args: unknown,
  from: IpcSender = OWN_PAGE,
): Promise<CallEnvelope<unknown>> {
  const answer = await host.command<{ value?: CallEnvelope<unknown>; noHandler?: boolean }>(
    'invoke',
    { channel: callChannel(name), args, ...from },
  );
  expect(answer.noHandler, `the desktop app has no IPC handler for ${name}`).toBeUndefined();
  return answer.value!;
}

const sentEvents = (event: string) => (e: JournalEntry) =>
  e.call === 'send' &&
  e.args[0] === EVENT_CHANNEL &&
  (e.args[1] as { event?: string })?.event === event;

describe("the window's page talking to the core over IPC (built out/main/index.js)", () => {
  it("answers a call from the window's own page with the core's envelope", async () => {
    const status = await call('app.status', {});
    expect(
      status.ok,
      `app.status from the app's own page was refused: ${JSON.stringify(status)}`,
    ).toBe(true);
    const host = (status as { value: AppStatus }).value.host;
    expect(host.kind, 'the core behind the window does not say it runs in the desktop app').toBe(
      'electron',
    );
    expect(
      host.dataDir,
      "the desktop app does not keep its data in Electron's userData folder",
    ).toBe(userData);
    const settings = await call('settings.get', {});
    expect(
      (settings as { value: { settings: { listener: { port: number } } } }).value.settings.listener
        .port,
      'the desktop app did not read its saved settings (userData/settings.json, through electron-store)',
    ).toBe(0);
  });

  it('returns bad arguments as an invalid-args error, without harm', async () => {
    const answer = await call('secrets.set', { name: 'clientSecret' });
    expect(answer.ok, 'a call with a missing argument was accepted').toBe(false);
    expect((answer as { error: { code: string } }).error.code).toBe('invalid-args');
    expect((await call('app.status', {})).ok, 'the core stopped answering after a bad call').toBe(
      true,
    );
  });

  it('refuses the same calls from any other sender, before they reach the core', async () => {
    const strangers: [string, IpcSender][] = [
      ['another window', { webContentsId: ownId + 100, frameUrl: APP_PAGE }],
      ['a web page inside the window', { frameUrl: 'https://evil.example/' }],
      ['a look-alike origin', { frameUrl: 'app://hooklab.evil/index.html' }],
      ['a frame already gone', { frameUrl: null }],
    ];
    for (const [who, from] of strangers) {
      const update = await call(
        'settings.update',
        { listener: { answer: { status: 503, delayMs: 0, body: 'pwned', hang: false } } },
        from,
      );
      expect(update, `a settings change from ${who} was not refused`).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
      expect((await call('app.status', {}, from)).ok, `app.status from ${who} was answered`).toBe(
        false,
      );
    }
    const settings = (await call('settings.get', {})) as {
      value: { settings: { listener: { answer: { status: number } } } };
    };
    expect(
      settings.value.settings.listener.answer.status,
      'a refused sender changed the settings anyway',
    ).toBe(200);
  });

  it('keeps a secret saved from the window sealed by the system keychain, never in clear', async () => {
    const secret = 'sk_test_desktop_0123456789';
    expect(
      (await call('secrets.set', { name: 'webhookKey:desktop', value: secret })).ok,
      'saving a secret from the window failed',
    ).toBe(true);
    expect(
      host.calls('safeStorage', 'encryptString').length,
      'the secret was not sealed with Electron safeStorage',
    ).toBeGreaterThan(0);
    const onDisk = readFileSync(join(userData, 'secrets.json'), 'utf8');
    expect(onDisk.includes(secret), 'the secret is written in clear in secrets.json').toBe(false);
    const view = (await call('settings.get', {})) as { value: { secretsSet: string[] } };
    expect(view.value.secretsSet, 'the window is not told the secret is set').toContain(
      'webhookKey:desktop',
    );
    expect(JSON.stringify(view), 'the secret value came back to the window').not.toContain(secret);
    const status = (await call('app.status', {})) as { value: AppStatus };
    expect(
      status.value.host.secretsWarning,
      'the window is not told that without a keyring (basic_text) secrets are only lightly protected',
    ).toMatch(/keyring/i);
  });

  it('sends a live event of the core to the window: a webhook arriving shows up', async () => {
    const status = (await call('app.status', {})) as { value: AppStatus };
    const listener = status.value.listener;
    expect(
      listener.state,
      `the webhook listener did not start in the desktop app: ${listener.error}`,
    ).toBe('listening');
    const res = await fetch(listener.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"type":"order.paid","orderId":"o-1"}',
    });
    expect(res.status, 'the listener did not answer the webhook').toBe(200);
    const sent = await host.waitFor(
      'the window being told a webhook arrived (live.received sent to it)',
      sentEvents('live.received'),
    );
    expect(sent.api, 'the live event went to another webContents than the window').toBe(
      `webContents#${ownId}`,
    );
    const list = (await call('live.list', {})) as { ok: boolean; value: unknown };
    expect(JSON.stringify(list.value), 'the received webhook is not listed by the core').toContain(
      'o-1',
    );
  });

  it("lets the page's window.hooklab (the built preload) reach the core, and delivers events to its subscribers", async () => {
    const preload = runSandboxedPreload(async (channel, args) => {
      const answer = await host.command<{ value?: unknown; noHandler?: boolean }>('invoke', {
        channel,
        args,
        ...OWN_PAGE,
      });
      if (answer.noHandler)
        throw new Error(
          `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
        );
      return answer.value;
    });
    const api = preload.exposed[0]!.value as HooklabApi;
    expect(
      ((await api.call('app.status', {} as never)) as AppStatus).host.kind,
      "window.hooklab.call('app.status') does not reach the core",
    ).toBe('electron');
    // The renderer's Electron transport on top: the code the core gave is the code the UI sees.
    const refused = await createElectronTransport(api)
      .call('secrets.set', { name: 'clientSecret' } as never)
      .catch((e: TransportError) => e.code);
    expect(
      refused,
      "a bad call through window.hooklab does not fail with the core's error code",
    ).toBe('invalid-args');

    const changes: unknown[] = [];
    api.subscribe('settings.changed', (payload) => changes.push(payload));
    const seen = host.journal.length;
    await api.call('settings.update', { poller: { intervalMs: 7_000 } } as never);
    const sent = await host.waitFor(
      'settings.changed sent to the window',
      (e) => e.seq >= seen && sentEvents('settings.changed')(e),
    );
    preload.deliver(EVENT_CHANNEL, sent.args[1]);
    expect(
      changes,
      'the page subscribed to settings.changed did not hear of the change',
    ).toHaveLength(1);
    expect(JSON.stringify(changes[0])).toContain('7000');
  });
});
