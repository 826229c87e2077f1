import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHandler, type TestHandler } from '../../../../../fixtures/handlers';
import { runHooklab, startHooklab } from '../../../../../support/hooklab-cli';
import { processExists } from '../../../../../support/server-process';
import { tempDirs } from '../../../../../support/temp-dirs';

const KEY = 'data-dir-key-5f1e';
const newDir = tempDirs('hooklab-key-');
const handlers: TestHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

/** A data folder whose current key is KEY, stored the way a user does it: `listen --save`. */
async function folderWithKey(): Promise<string> {
  const dataDir = newDir();
  const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', '--save'], { HOOKLAB_WEBHOOK_KEY: KEY });
  try {
    await listener.waitFor(/Ready: listening on/);
  } finally {
    await listener.killGroup('SIGTERM');
    expect(processExists(-listener.pid)).toBe(false);
  }
  return dataDir;
}

describe('sign and check-handler with --data-dir', () => {
  it("sign with the folder's current key when HOOKLAB_WEBHOOK_KEY is not set, and say so when the folder has none", async () => {
    const dataDir = await folderWithKey();
    const file = join(newDir(), 'event.json');
    writeFileSync(file, '{"type":"Created"}');

    const signed = await runHooklab(['sign', file, '--data-dir', dataDir]);
    expect(signed.stderr).toBe('');
    expect(signed.code).toBe(0);
    expect(signed.stdout).toBe(`${createHmac('sha256', KEY).update('{"type":"Created"}').digest('base64')}\n`);

    const h = await startHandler('correct', { key: KEY });
    handlers.push(h);
    const checked = await runHooklab(['check-handler', h.url, '--only', 'valid-signature-accepted', '--data-dir', dataDir]);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/signed with the data folder's current key/);
    expect(checked.stdout).toMatch(/PASS {2}valid-signature-accepted/);

    const empty = newDir();
    for (const args of [['sign', file], ['check-handler', h.url]]) {
      const none = await runHooklab([...args, '--data-dir', empty]);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain(`set HOOKLAB_WEBHOOK_KEY to the store’s webhook key (from the merchant portal), or give --data-dir a folder with a current key (${empty} has none)`);
    }
  }, 60_000);
});
