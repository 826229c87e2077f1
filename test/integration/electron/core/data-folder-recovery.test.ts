import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../support/app-harness';
import { tempDirs } from '../../../support/temp-dirs';
import { closedAfterEach } from '../../../support/closed-after-each';
import { confSettingsBackend } from '../../../../electron/services/settings/conf-backend';
import { openDatabase } from '../../../../electron/services/data/database';
import { FileSecretStore, fileModeCipher, type SecretCipher } from '../../../../electron/services/secrets/secret-store';

/**
 * The desktop app's safeStorage as far as this test needs it: its own sealing, which cannot
 * open the browser host's Base64 (safeStorage.decryptString throws on foreign bytes).
 */
const desktopLikeCipher: SecretCipher = {
  kind: 'safeStorage:test',
  scheme: 'safeStorage',
  warning: null,
  seal: (plain) => Buffer.concat([Buffer.from('v10'), Buffer.from(plain, 'utf8').reverse()]).toString('base64'),
  open: (sealed) => {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.subarray(0, 3).toString('latin1') !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(bytes.subarray(3)).reverse().toString('utf8');
  },
};

const KEY_SETTINGS = { listener: { keys: [{ id: 'storea', label: 'store A', addedAt: '2026-11-23T00:00:00.000Z' }] } };

function startOn(dataDir: string, cipher: SecretCipher = fileModeCipher) {
  return startTestApp({
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json'), cipher),
  });
}

const setAsideCopies = (dir: string, name: string) => readdirSync(dir).filter((f) => f.startsWith(`${name}.broken-`));

/** A hooklab.db the app could not open: one copy set aside, the one notice, and the app on a new, empty database. */
async function expectNewDatabase(app: TestApp, dir: string, notice: RegExp): Promise<void> {
  expect(setAsideCopies(dir, 'hooklab.db')).toHaveLength(1);
  const { host } = await app.call('app.status', {});
  expect(host.dataNotices).toEqual([expect.stringMatching(notice)]);
  expect((await app.call('live.list', {})).rows).toEqual([]);
}

describe('a data folder with broken files', () => {
  const tempDir = tempDirs('hooklab-data-folder-');
  const closeAfter = closedAfterEach();

  it('sets a truncated settings.json aside, starts, and says which file, where it went and what was lost', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"listener":{"port":4');
    const app = closeAfter(await startOn(dir));
    const [moved] = setAsideCopies(dir, 'settings.json');
    expect(moved).toBeDefined();
    expect(readFileSync(join(dir, moved!), 'utf8')).toBe('{"listener":{"port":4');
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toHaveLength(1);
    expect(host.dataNotices[0]).toContain('settings.json could not be read');
    expect(host.dataNotices[0]).toContain(join(dir, moved!));
    expect(host.dataNotices[0]).toMatch(/Lost: every setting/);
    // The app works with defaults, and saves a fresh file.
    await app.call('settings.update', { listener: { retainDeliveries: 500 } });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).listener.retainDeliveries).toBe(500);
  });

  it('sets a truncated secrets.json aside and names the secrets it held', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secrets.json'), '{"webhookKey:storea":{"sealedBy":"base64","value":"d2hr"},"env:live1:client');
    const app = closeAfter(await startOn(dir));
    const [moved] = setAsideCopies(dir, 'secrets.json');
    expect(moved).toBeDefined();
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toEqual([expect.stringContaining(`secrets.json could not be read`)]);
    expect(host.dataNotices[0]).toContain(join(dir, moved!));
    expect(host.dataNotices[0]).toContain('Lost: webhookKey:storea');
    await app.call('secrets.set', { name: 'webhookKey:storea', value: 'whk_new' });
    expect((await app.call('settings.get', {})).secretsSet).toContain('webhookKey:storea');
  });

  it('sets a database file that is not one aside and starts on a new, empty one', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'hooklab.db'), 'these are not the bytes of a SQLite database, '.repeat(100));
    await expectNewDatabase(closeAfter(await startOn(dir)), dir, /^hooklab\.db is not a database .* was moved to .*hooklab\.db\.broken-.*Lost: the received deliveries/);
  });
});

describe('a half-truncated database (issue 25, item 8)', () => {
  const tempDir = tempDirs('hooklab-truncated-db-');
  const closeAfter = closedAfterEach();

  it('is set aside and said, like a file that is not a database, and a new one started', async () => {
    const dir = tempDir();
    const path = join(dir, 'hooklab.db');
    const db = openDatabase(path);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    // Half a copy: SQLite then answers "database disk image is malformed".
    truncateSync(path, Math.floor(statSync(path).size / 2));
    await expectNewDatabase(closeAfter(await startOn(dir)), dir, /^hooklab\.db is damaged \(database disk image is malformed\) and was moved to .*hooklab\.db\.broken-.*Lost: the received deliveries/);
  });
});

describe('settings and secrets of the wrong shape (issue 25, item 17)', () => {
  const tempDir = tempDirs('hooklab-wrong-shape-');
  const closeAfter = closedAfterEach();

  it('a folder named settings.json is set aside and said, and the app starts', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'settings.json'));
    const app = closeAfter(await startOn(dir));
    expect(setAsideCopies(dir, 'settings.json')).toHaveLength(1);
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toEqual([expect.stringMatching(/^settings\.json could not be read \(not a regular file\) and was moved to /)]);
    await app.call('settings.update', { listener: { retainDeliveries: 500 } });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).listener.retainDeliveries).toBe(500);
  });

  it('settings of the wrong type fall back alone, the file as it was is kept aside, and the user is told', async () => {
    const dir = tempDir();
    const original = JSON.stringify({ listener: { port: 'eighty', retainDeliveries: 500 }, tunnel: { enabled: true } });
    writeFileSync(join(dir, 'settings.json'), original);
    const app = closeAfter(await startOn(dir));
    const [copy] = setAsideCopies(dir, 'settings.json');
    expect(readFileSync(join(dir, copy!), 'utf8')).toBe(original);
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toEqual([expect.stringContaining('settings.json had settings of the wrong type (listener)')]);
    expect(host.dataNotices[0]).toContain(join(dir, copy!));
    const settings = await app.call('settings.get', {});
    expect(settings.settings.tunnel.enabled).toBe(true);
    expect(settings.settings.listener.retainDeliveries).not.toBe(500);
  });

  it('a secret whose value is a number is dropped and said, the others kept', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(KEY_SETTINGS));
    const good = fileModeCipher.seal('whk_good');
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ 'webhookKey:storea': { sealedBy: 'base64', value: good }, 'webhookKey:storeb': 12345 }));
    const app = closeAfter(await startOn(dir));
    expect(app.core.ctx.config.secrets.get('webhookKey:storea')).toBe('whk_good');
    expect(app.core.ctx.config.secrets.names()).not.toContain('webhookKey:storeb');
    const [copy] = setAsideCopies(dir, 'secrets.json');
    expect(copy).toBeDefined();
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toEqual([expect.stringContaining('secrets.json held values that are not secrets (webhookKey:storeb: a number)')]);
  });
});

describe('secrets sealed by the other host', () => {
  const tempDir = tempDirs('hooklab-sealed-by-');
  const closeAfter = closedAfterEach();

  it('marks each value with how it is sealed', async () => {
    const dir = tempDir();
    new FileSecretStore(join(dir, 'secrets.json'), fileModeCipher).set('webhookKey:storea', 'whk_browser');
    new FileSecretStore(join(dir, 'other.json'), desktopLikeCipher).set('webhookKey:storea', 'whk_desktop');
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))['webhookKey:storea'].sealedBy).toBe('base64');
    expect(JSON.parse(readFileSync(join(dir, 'other.json'), 'utf8'))['webhookKey:storea'].sealedBy).toBe('safeStorage');
  });

  it('the browser host reports a desktop-sealed key by name and never uses it as a key', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(KEY_SETTINGS));
    // Written by a desktop app from before seals were marked: a bare string.
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ 'webhookKey:storea': desktopLikeCipher.seal('whk_real') }));
    const app = closeAfter(await startOn(dir));
    expect(app.core.ctx.config.secrets.get('webhookKey:storea')).toBeUndefined();
    const { host } = await app.call('app.status', {});
    expect(host.dataNotices).toEqual(["key 'store A' was sealed by the desktop app: open it there or enter it again."]);
    const { keys } = await app.call('replay.keys', {});
    expect(keys.find((k) => k.id === 'storea')?.available).toBe(false);
    // Entering it again here replaces it, and the notice goes.
    await app.call('secrets.set', { name: 'webhookKey:storea', value: 'whk_real' });
    expect((await app.call('app.status', {})).host.dataNotices).toEqual([]);
    expect(app.core.ctx.config.secrets.get('webhookKey:storea')).toBe('whk_real');
  });

  it('the desktop app reports a value the browser host saved, by name', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(KEY_SETTINGS));
    new FileSecretStore(join(dir, 'secrets.json'), fileModeCipher).set('webhookKey:storea', 'whk_browser');
    const app = closeAfter(await startOn(dir, desktopLikeCipher));
    expect(app.core.ctx.config.secrets.get('webhookKey:storea')).toBeUndefined();
    expect((await app.call('app.status', {})).host.dataNotices).toEqual([
      "key 'store A' was saved by the browser host (npm run serve): open it there or enter it again.",
    ]);
  });
});

describe('a secret save that fails', () => {
  const tempDir = tempDirs('hooklab-secret-save-');

  it('changes nothing in memory and leaves no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'secrets.json');
    const store = new FileSecretStore(path, fileModeCipher);
    store.set('webhookKey:storea', 'whk_old');
    // The rename over secrets.json fails (a directory with content in its place), after the
    // temp file was written: the same point a full disk fails at.
    const other = new FileSecretStore(join(dir, 'blocked', 'secrets.json'), fileModeCipher);
    mkdirSync(join(dir, 'blocked', 'secrets.json', 'inside'), { recursive: true });
    expect(() => other.set('webhookKey:storea', 'whk_new')).toThrow();
    expect(other.get('webhookKey:storea')).toBeUndefined();
    expect(other.names()).toEqual([]);
    expect(existsSync(join(dir, 'blocked', 'secrets.json.tmp'))).toBe(false);
    expect(store.get('webhookKey:storea')).toBe('whk_old');
  });
});
