import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../../../../shared/contract';
import { callChannel } from '../../../../../electron/hosts/preload/channels';
import { bootDesktopHostForFile, ROOT, type DesktopHost, type JournalEntry } from './desktop-host';

const APP_PAGE = 'app://hooklab/index.html';

const booted = bootDesktopHostForFile();
let host: DesktopHost;
let beforeReady: JournalEntry[];

beforeAll(() => {
  host = booted.host;
  beforeReady = host.journal.filter((e) => !e.afterReady);
});

function theWindowOptions(): { webPreferences?: Record<string, unknown> } & Record<
  string,
  unknown
> {
  const created = host.calls('BrowserWindow', 'new');
  expect(
    created.length,
    `the desktop app opened ${created.length} windows at start; it should open exactly one`,
  ).toBe(1);
  return created[0]!.args[0] as Record<string, unknown>;
}

describe('the desktop app starting (built out/main/index.js under the Electron stand-in)', () => {
  it('registers app:// as a standard, secure, privileged scheme before Electron is ready', () => {
    const registered = beforeReady
      .filter((e) => e.call === 'registerSchemesAsPrivileged')
      .flatMap((e) => e.args[0] as { scheme: string; privileges: Record<string, boolean> }[]);
    const app = registered.find((s) => s.scheme === 'app');
    expect(
      app,
      "app:// was not registered as a privileged scheme before the app was ready: the window's page would not be a secure origin and Monaco's workers would not start",
    ).toBeDefined();
    expect(
      app!.privileges.standard,
      'app:// is not a standard scheme: relative links and the page origin would break',
    ).toBe(true);
    expect(
      app!.privileges.secure,
      'app:// is not a secure scheme: the page would lose secure-context APIs',
    ).toBe(true);
  });

  it('takes the single-instance lock while loading', () => {
    expect(
      beforeReady.some((e) => e.call === 'requestSingleInstanceLock'),
      'the desktop app does not take the single-instance lock: a second launch would run a second Hooklab on the same database',
    ).toBe(true);
  });

  it("lets only the app's own page write to the clipboard (its Copy buttons), nothing else", async () => {
    const own = await host.command<{ requested: unknown; checked: unknown }>('permission', { permission: 'clipboard-sanitized-write' });
    expect(own, 'Copy (cURL, fetch(), signature, tunnel URL) fails in the desktop app: clipboard writes are denied').toEqual({ requested: true, checked: true });
    const foreign = await host.command<{ requested: unknown; checked: unknown }>('permission', {
      permission: 'clipboard-sanitized-write',
      origin: 'https://example.com',
    });
    expect(foreign, 'a page of another origin may write to the clipboard').toEqual({ requested: false, checked: false });
  });

  it('denies every other permission the page may ask for', async () => {
    const permissions = [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'midiSysex',
      'clipboard-read',
      'display-capture',
      'fullscreen',
      'openExternal',
      'pointerLock',
      'hid',
      'serial',
      'usb',
      'idle-detection',
      'window-management',
      'storage-access',
    ];
    for (const permission of permissions) {
      const answer = await host.command<{ requested: unknown; checked: unknown }>('permission', {
        permission,
      });
      expect(
        answer,
        `the window's page is granted the "${permission}" permission (or it is never answered)`,
      ).toEqual({ requested: false, checked: false });
    }
  });

  it('answers every contract call over IPC, each with exactly one handler', () => {
    const handled = host.calls('ipcMain', 'handle').map((e) => e.args[0] as string);
    const expected = CALL_NAMES.map(callChannel);
    const missing = CALL_NAMES.filter((name) => !handled.includes(callChannel(name)));
    const extra = handled.filter((channel) => !expected.includes(channel));
    const twice = handled.filter((channel, i) => handled.indexOf(channel) !== i);
    expect(
      missing,
      'the desktop app cannot answer these calls of the contract (no IPC handler): the parts of the app using them would fail',
    ).toEqual([]);
    expect(extra, 'the desktop app answers IPC channels outside the contract').toEqual([]);
    expect(twice, 'IPC channels registered twice (Electron refuses the second)').toEqual([]);
  });

  it('opens one window that is isolated, sandboxed and without Node', () => {
    const prefs = theWindowOptions().webPreferences ?? {};
    const secure: [string, unknown, string][] = [
      [
        'contextIsolation',
        true,
        "the window's page shares its JavaScript world with the preload (contextIsolation is off)",
      ],
      [
        'sandbox',
        true,
        "the window's page is not sandboxed (sandbox is off): a compromised page could reach the system",
      ],
      ['webSecurity', true, 'the window runs with web security off (webSecurity is off)'],
    ];
    for (const [key, value, problem] of secure) expect(prefs[key], problem).toBe(value);
    const never: [string, string][] = [
      ['nodeIntegration', "the window's page can use Node (nodeIntegration is on)"],
      [
        'nodeIntegrationInWorker',
        "the window's workers can use Node (nodeIntegrationInWorker is on)",
      ],
      [
        'nodeIntegrationInSubFrames',
        "the window's frames can use Node (nodeIntegrationInSubFrames is on)",
      ],
      ['webviewTag', 'the window allows <webview> tags'],
      ['allowRunningInsecureContent', 'the window runs insecure content'],
    ];
    for (const [key, problem] of never) expect(prefs[key] === true, problem).toBe(false);
  });

  it('gives the window the built preload, a file that exists in out/preload', () => {
    const preload = theWindowOptions().webPreferences?.preload;
    expect(typeof preload, 'the window has no preload: the page would have no window.hooklab').toBe(
      'string',
    );
    const shown = relative(ROOT, preload as string);
    expect(
      isAbsolute(preload as string),
      `the window's preload path ${String(preload)} is not absolute: Electron refuses it`,
    ).toBe(true);
    expect(existsSync(preload as string), `the window's preload file ${shown} does not exist`).toBe(
      true,
    );
    expect(
      shown.startsWith(join('out', 'preload')),
      `the window's preload ${shown} is not the built one in out/preload`,
    ).toBe(true);
  });

  it('loads the app from app://hooklab/index.html', () => {
    const loads = host.journal
      .filter((e) => e.call === 'loadURL' && e.api.startsWith('window#'))
      .map((e) => e.args[0]);
    expect(
      loads,
      `the window loads ${JSON.stringify(loads)} instead of the app page ${APP_PAGE}`,
    ).toEqual([APP_PAGE]);
  });

  it('shows the window once its page is ready to show', async () => {
    await host.command('windowEvent', { event: 'ready-to-show' });
    await host.waitFor(
      'the window being shown when its page is ready',
      (e) => e.api.startsWith('window#') && e.call === 'show',
    );
  });

  it('keeps the window on the app: navigation away is refused', async () => {
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:4780/',
      'file:///etc/passwd',
      'app://hooklab.evil/index.html',
      'app://other/index.html',
    ]) {
      const { defaultPrevented } = await host.command<{ defaultPrevented: boolean }>('navigate', {
        url,
      });
      expect(defaultPrevented, `the window navigates away from the app to ${url}`).toBe(true);
    }
    const inside = await host.command<{ defaultPrevented: boolean }>('navigate', {
      url: `${APP_PAGE}#/live`,
    });
    expect(inside.defaultPrevented, 'the window refuses to reload its own page').toBe(false);
    const webview = await host.command<{ defaultPrevented: boolean }>('attachWebview');
    expect(webview.defaultPrevented, 'the window lets the page attach a <webview>').toBe(true);
  });

  it('opens no new windows: web links go to the system browser, anything else nowhere', async () => {
    const cases = [
      { url: 'https://docs.example.com/webhooks', external: true },
      { url: 'http://example.com/', external: true },
      { url: 'file:///etc/passwd', external: false },
      { url: 'javascript:alert(1)', external: false },
      { url: 'smb://host/share', external: false },
      { url: APP_PAGE, external: false },
    ];
    for (const { url, external } of cases) {
      const before = host.calls('shell', 'openExternal').length;
      const answer = await host.command<{ result?: { action: string }; noHandler?: boolean }>(
        'openWindow',
        { url },
      );
      expect(
        answer.noHandler,
        "the window has no handler for new windows: links would open Electron windows with the app's privileges",
      ).toBeUndefined();
      expect(answer.result?.action, `a link to ${url} opens a new Electron window`).toBe('deny');
      const opened = host
        .calls('shell', 'openExternal')
        .slice(before)
        .map((e) => e.args[0]);
      expect(
        opened,
        external
          ? `the link ${url} is not opened in the system browser`
          : `the link ${url} is handed to the system`,
      ).toEqual(external ? [url] : []);
    }
  });
});
