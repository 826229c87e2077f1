import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createConsoleLogger } from '../../../../../electron/services/kernel/logger';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { eventBody, post, waitForStatus } from './live-helpers';

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** Whether this machine lets the tests mount a real, tiny file system (root may mount tmpfs). */
function canMountTmpfs(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Takes every free byte of the file system holding `path`, in a file there. */
function fillDisk(path: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  const fd = openSync(path, 'w');
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe.runIf(canMountTmpfs())('a really full disk (tmpfs of 2 MB; needs root to mount)', () => {
  let disk = '';
  beforeAll(() => {
    disk = mkdtempSync(join(tmpdir(), 'hooklab-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk]);
  });
  // After every afterEach (which closes the app and its database on this disk).
  afterAll(() => {
    execFileSync('umount', [disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  /** Live alone on a folder of this disk (closed after the test), its log lines kept, and its listener's URL. */
  async function startLiveOn(folder: string): Promise<{ app: TestApp; url: string; lines: string[] }> {
    const lines: string[] = [];
    const started = await startTestApp({
      dataDir: join(disk, folder),
      features: (ctx) => [createLiveFeature(ctx)],
      secrets: new MemorySecretStore(),
      settings: { listener: { port: 0 } },
      log: createConsoleLogger((line) => lines.push(line)),
    });
    app = started;
    return { app: started, url: `http://127.0.0.1:${started.core.ctx.runtime.status.get().listener.port}/`, lines };
  }

  it('shows the real cause in the log and the status bar, and the listener stops claiming "listening" until it can store again', async () => {
    const { app: live, url, lines } = await startLiveOn('recover');
    await post(url, eventBody({ orderId: 'before' }));
    // The disk fills up for every connection (the listener's thread has its own).
    const filler = join(disk, 'filler');
    fillDisk(filler);

    // Larger than any free room the WAL file kept from the migrations' writes (frames are reused).
    const refused = await post(url, eventBody({ orderId: 'lost', pad: 'x'.repeat(1_500_000) }));
    expect(refused.status).toBe(500);
    const status = await waitForStatus(live, (s) => s.listener.state === 'error');
    expect(status.listener.error).toMatch(/cannot store deliveries: database or disk is full \(SQLITE_FULL\)/);
    const log = lines.join('\n');
    expect(log).toMatch(/database or disk is full/);
    expect(log).not.toMatch(/cannot rollback/);

    // Room again: the next delivery is stored and the listener says so.
    rmSync(filler);
    expect((await post(url, eventBody({ orderId: 'after' }))).status).toBe(200);
    const back = await waitForStatus(live, (s) => s.listener.state === 'listening');
    expect(back.listener.error).toBeNull();
    expect((await live.call('live.list', {})).rows.map((r) => r.orderId)).toEqual(['after', 'before']);
    await live.close();
    app = null;
    rmSync(join(disk, 'recover'), { recursive: true, force: true });
  });

  it('names SQLITE_FULL, not "cannot rollback - no transaction is active", and stops claiming "listening"', async () => {
    const { app: live, url, lines } = await startLiveOn('data');
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await post(url, eventBody({ orderId: `o-${i}`, pad: 'x'.repeat(60_000) }))).status;
    }
    expect(status).toBe(500);
    const shown = await waitForStatus(live, (s) => s.listener.state === 'error');
    expect(shown.listener.error).toMatch(/database or disk is full \(SQLITE_FULL\)/);
    expect(lines.join('\n')).not.toMatch(/cannot rollback/);
  });
});
