import { DatabaseSync } from 'node:sqlite';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callChannel } from '../../../../../electron/hosts/preload/channels';
import { seededUserData, startDesktopHost, type DesktopHost } from './desktop-host';

const APP_PAGE = 'app://hooklab/index.html';
const running: DesktopHost[] = [];
const userDataFolder = seededUserData('hooklab-desktop-lifecycle-');

async function start(userData: string, lockHeldByAnotherInstance = false): Promise<DesktopHost> {
  const host = await startDesktopHost({ userData, lockHeldByAnotherInstance });
  running.push(host);
  return host;
}

/**
 * A booted host that has written to its database, so that exiting without closing it leaves
 * the write-ahead log (hooklab.db-wal) behind; a clean close removes it.
 */
async function startWithDatabaseInUse(): Promise<{ host: DesktopHost; walLeft: () => boolean }> {
  const userData = userDataFolder();
  const host = await start(userData);
  await host.ready();
  await host.command('invoke', {
    channel: callChannel('live.clear'),
    args: {},
    frameUrl: APP_PAGE,
  });
  const walLeft = () => existsSync(join(userData, 'hooklab.db-wal'));
  expect(
    walLeft(),
    'the database is not in WAL mode: the database-closed checks would prove nothing',
  ).toBe(true);
  return { host, walLeft };
}

afterEach(async () => {
  for (const host of running.splice(0)) await host.kill();
});

describe('the desktop app through its lifecycle (built out/main/index.js)', () => {
  it('brings its window back when Hooklab is launched a second time, instead of opening another', async () => {
    const host = await start(userDataFolder());
    await host.ready();
    await host.command('minimize');
    const seen = host.journal.length;
    await host.command('emitApp', { event: 'second-instance', args: [['hooklab'], '/'] });
    const after = host.journal
      .slice(seen)
      .filter((e) => e.api.startsWith('window#'))
      .map((e) => e.call);
    expect(after, 'a second launch did not restore and focus the minimized window').toEqual(
      expect.arrayContaining(['restore', 'focus']),
    );
    expect(host.calls('BrowserWindow', 'new').length, 'a second launch opened another window').toBe(
      1,
    );
  });

  it('quits when another Hooklab already runs, without opening a window or its database', async () => {
    const userData = userDataFolder();
    const host = await start(userData, true);
    expect(
      await host.exitCodeWithin('the second Hooklab quitting'),
      'the second Hooklab did not quit cleanly',
    ).toBe(0);
    expect(host.calls('app', 'quit').length, 'the second Hooklab did not quit').toBeGreaterThan(0);
    expect(host.calls('BrowserWindow', 'new'), 'the second Hooklab opened a window').toEqual([]);
    // app.quit() only asks: nothing after it may start (no whenReady, no handlers of the first).
    expect(host.calls('app', 'whenReady'), 'the second Hooklab still waited for ready to start').toEqual([]);
    expect(
      existsSync(join(userData, 'hooklab.db')),
      'the second Hooklab opened the database the running one uses',
    ).toBe(false);
  });

  it('closing the window quits the app, and the core is stopped (database closed) before it exits', async () => {
    const { host, walLeft } = await startWithDatabaseInUse();
    // Answered before the core stops, unless the app (wrongly) exits at once: the checks below say so.
    await host.command('closeWindow').catch(() => undefined);
    expect(
      await host.exitCodeWithin('the app quitting after its last window closed'),
      `the app did not exit cleanly after its last window closed; it printed:\n${host.output()}`,
    ).toBe(0);
    expect(
      host.calls('app', 'quit').length,
      'closing the last window did not quit the app',
    ).toBeGreaterThan(0);
    expect(
      walLeft(),
      'the app exited without closing its database (hooklab.db-wal left behind): the core was not stopped on quit',
    ).toBe(false);
  });

  it('quitting twice in a row (an impatient Quit) still stops the core before the app exits', async () => {
    const { host, walLeft } = await startWithDatabaseInUse();
    await host.command('quit').catch(() => undefined);
    await host.command('quit').catch(() => undefined);
    expect(
      await host.exitCodeWithin('the app quitting'),
      `the app did not exit cleanly after Quit; it printed:\n${host.output()}`,
    ).toBe(0);
    expect(
      walLeft(),
      'a second Quit while the first was still stopping the core made the app exit at once, its database left open (hooklab.db-wal left behind)',
    ).toBe(false);
  });

  it('tells the user, in a dialog, when it cannot start', async () => {
    const userData = userDataFolder();
    // A damaged database is set aside and the app starts (test/integration/electron/core/
    // data-folder-recovery.test.ts); a database from a newer Hooklab still stops it.
    const newer = new DatabaseSync(join(userData, 'hooklab.db'));
    newer.exec('PRAGMA user_version = 999');
    newer.close();
    const host = await start(userData);
    // The app may exit before the driver answers: its exit is what this test is about.
    await host.command('ready').catch(() => undefined);
    expect(
      await host.exitCodeWithin('the app giving up when it cannot start'),
      'the app did not exit with a failure code when it could not start',
    ).toBe(1);
    const boxes = host.calls('dialog', 'showErrorBox');
    expect(
      boxes.length,
      `the app could not start and told no one (a desktop user sees nothing on stderr); it printed:\n${host.output()}`,
    ).toBe(1);
    expect(String(boxes[0]!.args[1]), 'the error dialog does not say what went wrong').toMatch(
      /schema version 999, newer than this Hooklab/,
    );
  });
});
