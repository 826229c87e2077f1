import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHooklab } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';
import { orderEventBody, postSignedWebhook } from '../../../../support/signed-webhook';
import { startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';

const KEY = 'whk_until_match_key_31d0';

async function deliver(listenerUrl: string, orderId: string, eventId: number): Promise<void> {
  expect(await postSignedWebhook(listenerUrl, KEY, orderEventBody(orderId), eventId)).toBe(200);
}

describe('hooklab events --follow --until-match', () => {
  let dataDir: string;
  let serve: ServeOnFolder;
  let listenerUrl: string;
  const home = tempDirs('hooklab-until-match-home-');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hooklab-until-match-'));
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY });
    listenerUrl = (await serve.process.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
  }, 60_000);

  afterAll(async () => {
    await serve?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('exits 0 with the first matching delivery, which arrives while it waits', async () => {
    const since = new Date().toISOString();
    const waiting = runHooklab(['events', '--follow', '--until-match', '--order', 'um-1', '--since', since, '--timeout', '30s', '--data-dir', dataDir], { env: { HOME: home() } });
    await deliver(listenerUrl, 'um-other', 1);
    await deliver(listenerUrl, 'um-1', 2);
    const r = await waiting;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/SuccessPayment\s+order um-1\s+evt 2/);
    expect(r.stdout).not.toMatch(/um-other/);
    // --event filters a listing too.
    const listed = await runHooklab(['events', '--event', '2', '--data-dir', dataDir], { env: { HOME: home() } });
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    expect(listed.stdout).toMatch(/order um-1\s+evt 2/);
  }, 60_000);

  it('exits 1 at --timeout, saying what arrived meanwhile', async () => {
    const since = new Date().toISOString();
    await deliver(listenerUrl, 'um-else', 3);
    const r = await runHooklab(['events', '--follow', '--until-match', '--order', 'um-never', '--since', since, '--timeout', '1s', '--data-dir', dataDir], { env: { HOME: home() } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/nothing matching arrived in 1 s; 1 other deliveries arrived meanwhile:/);
    expect(r.stderr).toMatch(/order um-else/);
  }, 60_000);

  it('refuses with exit 2 when no Hooklab holds the folder (nothing new can arrive)', async () => {
    const r = await runHooklab(['events', '--until-match', '--order', 'x', '--data-dir', home()], { env: { HOME: home() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no Hooklab holds this data folder/);
  }, 60_000);
});
