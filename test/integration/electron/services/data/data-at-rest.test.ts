import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { tempDirs } from '../../../../support/temp-dirs';
import { FileSecretStore, fileModeCipher } from '../../../../../electron/services/secrets/secret-store';
import { confSettingsBackend } from '../../../../../electron/services/settings/conf-backend';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { SettingsSchema } from '../../../../../shared/settings';
import { post } from '../../features/live/live-helpers';
import type { Logger } from '../../../../../electron/services/kernel/logger';
import { ensurePrivateDir } from '../../../../../electron/services/platform/private-files';

const tempDir = tempDirs('hooklab-modes-');
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

let app: TestApp | null = null;
let umask = 0;
beforeEach(() => {
  // The most permissive umask: modes must not depend on it.
  umask = process.umask(0);
});
afterEach(async () => {
  await app?.close();
  app = null;
  process.umask(umask);
});

/** The whole product (listener, sandbox with its own database, secrets, settings) on `dataDir`. */
async function startOn(dataDir: string, log?: Logger): Promise<TestApp> {
  // As the hosts do: the folder is made (private) before anything is written in it.
  ensurePrivateDir(dataDir);
  const settingsBackend = confSettingsBackend(dataDir);
  // The listener on a free port (written before start, as a user's settings would be).
  settingsBackend.write(SettingsSchema.parse({ listener: { port: 0 } }));
  return startTestApp({ dataDir, secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher), settingsBackend, ...(log ? { log } : {}) });
}

async function writeEverything(target: TestApp): Promise<void> {
  await target.call('live.addKey', { label: 'k', value: 'modes-key' });
  const status = await target.call('app.status', {});
  const body = '{"orderId":"modes"}';
  expect((await post(status.listener.url!, body, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'modes-key', body) })).status).toBe(200);
}

const privateFiles = (dataDir: string) => [
  'hooklab.db',
  'hooklab.db-wal',
  'hooklab.db-shm',
  'secrets.json',
  'settings.json',
  'sandbox/sandbox.sqlite',
  'sandbox/sandbox.sqlite-wal',
  'sandbox/sandbox.sqlite-shm',
].map((f) => join(dataDir, f));

describe('data at rest', () => {
  it('creates the data folder 0700 and every database, WAL, shared-memory, secrets and settings file 0600, under umask 0', async () => {
    const dataDir = join(tempDir(), 'nested', 'Hooklab');
    app = await startOn(dataDir);
    await writeEverything(app);
    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'sandbox'))).toBe('700');
    for (const file of privateFiles(dataDir)) {
      expect(existsSync(file), file).toBe(true);
      expect({ file, mode: mode(file) }).toEqual({ file, mode: '600' });
    }
  });

  it("tightens the files an earlier version left readable by others, but never changes an existing folder's mode: it warns", async () => {
    // A shared folder (sticky bit, 1777) given as --data-dir keeps its mode: Hooklab only says so.
    const dataDir = tempDir();
    chmodSync(dataDir, 0o1777);
    mkdirSync(join(dataDir, 'sandbox'), { mode: 0o755 });
    for (const file of ['hooklab.db-wal', 'secrets.json.tmp', 'sandbox/sandbox.sqlite-shm']) writeFileSync(join(dataDir, file), '', { mode: 0o644 });
    chmodSync(join(dataDir, 'hooklab.db-wal'), 0o644);
    const warnings: string[] = [];
    app = await startOn(dataDir, { info: () => {}, warn: (m: string) => void warnings.push(m), error: () => {} });
    await writeEverything(app);
    expect((statSync(dataDir).mode & 0o7777).toString(8)).toBe('1777');
    expect(mode(join(dataDir, 'sandbox'))).toBe('755');
    expect(warnings).toContain(`the folder ${dataDir} is open to other users (mode 1777): Hooklab left it as it is; \`chmod 700\` it to keep its deliveries and secrets private.`);
    for (const file of privateFiles(dataDir)) expect({ file, mode: mode(file) }).toEqual({ file, mode: '600' });
  });
});
