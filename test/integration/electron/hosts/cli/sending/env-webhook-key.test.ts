import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHandler, type TestHandler } from '../../../../../fixtures/handlers';
import { runHooklab } from '../../../../../support/hooklab-cli';
import { tempDirs } from '../../../../../support/temp-dirs';

const KEY = 'env-key-trailing-newline-7c2d';
const newDir = tempDirs('hooklab-env-key-');
const handlers: TestHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

describe('HOOKLAB_WEBHOOK_KEY with a trailing newline (export K=$(cat key-file))', () => {
  it('sign signs with the trimmed key and says on stderr what was removed', async () => {
    const file = join(newDir(), 'event.json');
    writeFileSync(file, '{"type":"Created"}');
    const r = await runHooklab(['sign', file, '--data-dir', newDir()], { env: { HOOKLAB_WEBHOOK_KEY: `${KEY}\n` } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${createHmac('sha256', KEY).update('{"type":"Created"}').digest('base64')}\n`);
    expect(r.stderr).toMatch(/HOOKLAB_WEBHOOK_KEY: The key had a line break after it; it was removed/);
  });

  it('trigger reaches a handler keyed with the trimmed key, and names the trim', async () => {
    const h = await startHandler('correct', { key: KEY });
    handlers.push(h);
    const r = await runHooklab(['trigger', 'Created', '--to', h.url, '--data-dir', newDir()], { env: { HOOKLAB_WEBHOOK_KEY: `${KEY}\r\n` } });
    expect(r.stderr).toMatch(/signing with HOOKLAB_WEBHOOK_KEY \(The key had a line break after it/);
    expect(r.code).toBe(0);
    expect(h.received[0]!.status).toBe(200);
  }, 30_000);
});
