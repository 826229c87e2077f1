import { afterEach, describe, expect, it } from 'vitest';
import type { InstanceClient } from '../../../../../../electron/services/instance/instance-client';
import { startHooklab } from '../../../../../support/hooklab-cli';
import { hooklabInProcess } from '../../../../../support/hooklab-in-process';
import { listeningFoldersAfterEach } from '../../../../../support/listening-folder';
import { processesStoppedAfterEach } from '../../../../../support/stopped-processes';
import { tempDirs } from '../../../../../support/temp-dirs';
import { event } from '../../../features/history/sandbox-app';
import { startReceiver, type Receiver } from '../../../features/history/receiver';

const newDir = tempDirs('hooklab-resend-');
const processes = processesStoppedAfterEach();
const listening = listeningFoldersAfterEach(newDir, processes);
const receivers: Receiver[] = [];

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

/** Points the listener's embedded sandbox store at `url` (as Settings would: its control API is the app's only). */
async function setWebhook(client: InstanceClient, url: string): Promise<void> {
  expect((await client.call('sandbox.setWebhookUrl', { url })).webhookUrl).toBe(url);
}

/**
 * `hooklab listen` on a fresh data folder, its sandbox store sending to a receiver that answers
 * 400 (not retried by the service: each event it sends stays pending with one delivery).
 * `restoreWebhook` points the store back at the listener.
 */
async function listenWithRefusedWebhooks() {
  const { dataDir, client } = await listening();
  const refusing = await startReceiver(400);
  receivers.push(refusing);
  const { webhookUrl } = await client.call('sandbox.info', {});
  await setWebhook(client, refusing.url);
  return { dataDir, client, restoreWebhook: () => setWebhook(client, webhookUrl!) };
}

/** Sends one event from the sandbox and polls until the history copy holds `count` deliveries. */
async function sendAndCopy(client: InstanceClient, orderId: string, count: number) {
  await client.call('sandbox.sendEvent', { event: event(orderId) });
  let copy = (await client.call('history.local', {})).deliveries;
  while (copy.length < count) {
    await client.call('history.pollNow', {});
    copy = (await client.call('history.local', {})).deliveries;
  }
  return copy.at(-1)!;
}

describe('hooklab resend --pending --since', () => {
  it('resends only the pending events first logged since the given time', async () => {
    const { dataDir, client, restoreWebhook } = await listenWithRefusedWebhooks();
    const older = await sendAndCopy(client, 'before-the-window', 1);
    const newer = await sendAndCopy(client, 'in-the-window', 2);
    expect(newer.created > older.created).toBe(true);
    await restoreWebhook();

    const r = await hooklabInProcess(['resend', '--pending', '--since', newer.created, '--data-dir', dataDir, '--json']);
    // Progress of the job goes to stderr, one line per tenth and at its end.
    expect(r.stderr).toMatch(/^job cli-resend-\S+: 1 of 1 · done$/m);
    expect(r.code).toBe(0);
    // Each outcome, then the total (docs/cli.md).
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ kind: 'delivered' });
    expect(lines[1]).toMatchObject({ total: 1, delivered: 1, failed: 0 });
    const stillPending = await client.call('history.events', { pendingOnly: true });
    expect(stillPending.events.map((e) => e.eventId)).toEqual([older.eventId]);

    // A window with nothing pending in it is said as such (exit 2), and --since needs --pending.
    const none = await hooklabInProcess(['resend', '--pending', '--since', new Date(Date.now() + 3_600_000).toISOString(), '--data-dir', dataDir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no event first logged since \S+ is pending/);
    const alone = await hooklabInProcess(['resend', String(older.id), '--since', '2h', '--data-dir', dataDir]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--since goes with --pending/);
  });
});

describe('hooklab resend --where', () => {
  it('counts in a dry run what the job sends, shows progress on stderr, and Ctrl-C cancels the job in the running app', async () => {
    const { dataDir, client, restoreWebhook } = await listenWithRefusedWebhooks();
    for (let i = 0; i < 12; i++) await client.call('sandbox.sendEvent', { event: event(`refused-${i}`) });
    await client.call('history.pollNow', {});
    await restoreWebhook();

    const dry = await hooklabInProcess(['resend', '--where', 'pendingOnly,status=400-499', '--dry-run', '--data-dir', dataDir, '--json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout.trim())).toEqual({ deliveries: 12, events: 12, resends: 12 });

    // 12 resends at 1 per second: Ctrl-C arrives long before the end.
    const resend = startHooklab(['resend', '--where', 'pendingOnly,status=400-499', '--rate', '1', '--data-dir', dataDir]);
    processes.push(resend);
    const [, jobId] = (await resend.waitFor(/job (\S+): resending 12 events .*Ctrl-C cancels it/)) as unknown as [string, string];
    // Progress lines come each tenth: the first one after a resend was sent.
    await resend.waitFor(/: [1-9]\d* of 12/);
    const exited = new Promise<number | null>((resolve) => resend.child.once('exit', (code) => resolve(code)));
    // A terminal's Ctrl-C goes to the foreground process group, and npx forwards it once more.
    process.kill(-resend.pid, 'SIGINT');
    process.kill(-resend.pid, 'SIGINT');
    expect(await exited).toBe(1);
    const output = resend.output();
    expect(output.match(/cancelling job/g)).toHaveLength(1);
    // Each outcome as it comes (docs/cli.md), then how the job ended, then the command that continues it.
    expect(output).toMatch(/^history #\d+ {2}delivered {2}resent as delivery \d+/m);
    const [, done] = new RegExp(`job ${jobId} cancelled: (\\d+) of 12 resent: delivered \\1, refused 0, failed 0`).exec(output)!;
    expect(output.match(/^history #\d+ {2}delivered/gm)).toHaveLength(Number(done));
    expect(output).toContain(`continue it without resending twice: hooklab resend --resume ${jobId}`);
    const job = await client.call('jobs.get', { jobId });
    expect(job).toMatchObject({ state: 'cancelled', total: 12, resumable: true });
    expect(job.done).toBeLessThan(12);
    expect((await client.call('history.summary', {})).pendingEvents).toBe(12 - job.done);

    // --resume without an id continues the latest cancelled resend: the rest, once.
    const resumed = await hooklabInProcess(['resend', '--resume', '--rate', '50', '--data-dir', dataDir]);
    expect(resumed.code).toBe(0);
    const rest = 12 - job.done;
    expect(resumed.stderr).toMatch(new RegExp(`resuming job ${jobId}: resending ${rest} events`));
    expect(resumed.stdout.match(/^history #\d+ {2}delivered/gm)).toHaveLength(rest);
    expect(resumed.stdout).toMatch(new RegExp(`done: ${rest} of ${rest} resent: delivered ${rest}, refused 0, failed 0`));
    expect((await client.call('history.summary', {})).pendingEvents).toBe(0);
    expect((await client.call('jobs.get', { jobId })).resumable).toBe(false);
    const again = await hooklabInProcess(['resend', '--resume', jobId, '--data-dir', dataDir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/left nothing to resume/);
  }, 90_000);
});
