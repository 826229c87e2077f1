import { afterEach, describe, expect, it } from 'vitest';
import { hooklabInProcess } from '../../../../../support/hooklab-in-process';
import { listeningFoldersAfterEach } from '../../../../../support/listening-folder';
import { tempDirs } from '../../../../../support/temp-dirs';
import { event } from '../../../features/history/sandbox-app';
import { startReceiver, type Receiver } from '../../../features/history/receiver';
import { startMcp, textOf, type McpSession } from '../../mcp/mcp-process';
import type { Explanation } from '../../../../../../shared/explain/model';

const newDir = tempDirs('hooklab-why-');
const listening = listeningFoldersAfterEach(newDir);
const receivers: Receiver[] = [];
const mcps: McpSession[] = [];

afterEach(async () => {
  for (const m of mcps.splice(0)) await m.close();
  for (const r of receivers.splice(0)) await r.close();
});

/** `hooklab listen` on a fresh folder: one order that arrived, one the store sent to another URL that refused it. */
async function listenWithTwoOrders() {
  const { dataDir, client } = await listening();
  await client.call('sandbox.sendEvent', { event: event('why-arrived') });
  const refusing = await startReceiver(400);
  receivers.push(refusing);
  const { webhookUrl } = await client.call('sandbox.info', {});
  expect((await client.call('sandbox.setWebhookUrl', { url: refusing.url })).webhookUrl).toBe(
    refusing.url,
  );
  const sent = await client.call('sandbox.sendEvent', { event: event('why-elsewhere') });
  await client.call('sandbox.setWebhookUrl', { url: webhookUrl! });
  await client.call('history.pollNow', {});
  return { dataDir, client, refusing, historyId: sent.deliveries[0]!.id! };
}

const withoutTime = (e: Explanation) => ({ ...e, checkedAt: '' });

describe('hooklab why', () => {
  it('answers as explain_order does; exit 1 with a cause, 0 when ok; #N is a received delivery', async () => {
    const { dataDir, client, refusing, historyId } = await listenWithTwoOrders();

    const stuck = await hooklabInProcess(['why', 'why-elsewhere', '--data-dir', dataDir, '--json']);
    expect(stuck.code, stuck.stderr).toBe(1);
    const fromCli = JSON.parse(stuck.stdout) as Explanation;
    expect(fromCli.causes.map((c) => c.code)).toEqual(['other-url']);
    expect(fromCli.causes[0]!.fix).toContain(`hooklab resend ${historyId}`);

    const mcp = await startMcp(dataDir);
    mcps.push(mcp);
    const result = await mcp.call('explain_order', { orderId: 'why-elsewhere' });
    expect(withoutTime(result.structuredContent as Explanation)).toEqual(withoutTime(fromCli));
    const text = textOf(result);
    expect(text).toContain('1. other-url: The service sent event');
    expect(text).toContain(refusing.url);
    expect(text).toContain(`fix: Set the store's webhook URL to`);

    const words = await hooklabInProcess(['why', 'why-elsewhere', '--data-dir', dataDir]);
    expect(words.code).toBe(1);
    expect(words.stdout).toContain(`1. other-url: ${fromCli.causes[0]!.summary}`);
    expect(words.stdout).toContain(`   fix: ${fromCli.causes[0]!.fix}`);

    const ok = await hooklabInProcess(['why', 'why-arrived', '--data-dir', dataDir]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Order why-arrived: ok/);

    const { rows } = await client.call('live.list', { limit: 10 });
    const delivery = await hooklabInProcess(['why', `#${rows[0]!.id}`, '--data-dir', dataDir, '--json']);
    expect(delivery.code).toBe(0);
    expect((JSON.parse(delivery.stdout) as Explanation).orderId).toBe('why-arrived');
    // Five terminal tools started one after another (each a Node with tsx).
  }, 120_000);

  it('a number that names no order says how to ask for the delivery; a bad #N is a usage error', async () => {
    const { dataDir } = await listenWithTwoOrders();
    const number = await hooklabInProcess(['why', '1', '--data-dir', dataDir]);
    expect(number.code).toBe(2);
    expect(number.stderr).toContain(
      `no delivery names order "1" (for received delivery 1, write '#1')`,
    );
    const bad = await hooklabInProcess(['why', '#x', '--data-dir', dataDir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"#x" is not a received delivery');
  }, 60_000);
});
