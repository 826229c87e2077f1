import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_ORIGIN,
  registerContractHandlers,
  trustOnly,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../../../electron/hosts/desktop/ipc-adapter';
import { callChannel } from '../../../../../electron/hosts/preload/channels';
import { createCore, type Core } from '../../../../../electron/core/core';
import { memorySettingsBackend } from '../../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { silentLogger } from '../../../../../electron/services/kernel/logger';
import { CALL_NAMES, type CallEnvelope } from '../../../../../shared/contract';

/** Stands in for Electron's ipcMain: a channel table, as Electron keeps one. */
class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, args: unknown) => Promise<unknown>>();
  handle(channel: string, listener: (event: InvokeEventLike, args: unknown) => Promise<unknown>) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: InvokeEventLike, args: unknown) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, args) as Promise<CallEnvelope<unknown>>;
  }
}

const WINDOW_ID = 7;
const own: InvokeEventLike = { sender: { id: WINDOW_ID }, senderFrame: { url: `${APP_ORIGIN}/index.html` } };

describe('IPC adapter', () => {
  let core: Core;
  let dir: string;
  afterEach(async () => {
    await core.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function setup() {
    dir = mkdtempSync(join(tmpdir(), 'hooklab-ipc-'));
    core = createCore({
      hostKind: 'electron',
      version: 'test',
      dataDir: dir,
      settingsBackend: memorySettingsBackend(),
      secrets: new MemorySecretStore(),
      log: silentLogger,
      features: () => [],
      requireAllHandlers: false,
    });
    const ipc = new FakeIpcMain();
    const remove = registerContractHandlers(ipc, core.invoke, trustOnly(() => WINDOW_ID));
    return { ipc, remove };
  }

  it('registers exactly one channel per contract call', () => {
    const { ipc, remove } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(CALL_NAMES.map(callChannel).sort());
    remove();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers the app page', async () => {
    const { ipc } = setup();
    const result = await ipc.invoke(callChannel('settings.get'), own, {});
    expect(result.ok).toBe(true);
  });

  it('rejects a call from a foreign page, another window, or a frame on another origin', async () => {
    const { ipc } = setup();
    const foreign: InvokeEventLike[] = [
      { sender: { id: WINDOW_ID }, senderFrame: { url: 'https://evil.example/' } },
      { sender: { id: WINDOW_ID + 1 }, senderFrame: { url: `${APP_ORIGIN}/index.html` } },
      { sender: { id: WINDOW_ID }, senderFrame: { url: 'app://hooklab.evil/x' } },
      { sender: { id: WINDOW_ID }, senderFrame: null },
    ];
    for (const event of foreign) {
      const result = await ipc.invoke(callChannel('secrets.set'), event, { name: 'webhookKey:x', value: 'k' });
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(core.ctx.config.secrets.names()).toEqual([]);
  });

  it('validates arguments with the call schema before the handler runs', async () => {
    const { ipc } = setup();
    const result = await ipc.invoke(callChannel('settings.update'), own, { poller: { intervalMs: -5 } });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(!result.ok && result.error.message).toContain('poller.intervalMs');
  });
});
