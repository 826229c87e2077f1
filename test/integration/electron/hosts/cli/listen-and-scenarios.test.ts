import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { startStatefulHandler, type StatefulHandler, type StatefulKind } from '../../../../fixtures/stateful-handler';
import { runHooklab, startHooklab } from '../../../../support/hooklab-cli';
import { hooklabInProcess } from '../../../../support/hooklab-in-process';
import { type ServerProcess } from '../../../../support/server-process';
import { processesStoppedAfterEach } from '../../../../support/stopped-processes';
import { tempDirs } from '../../../../support/temp-dirs';

// The commands that end by themselves run in this process (hooklabInProcess: the bin's own
// hooklab(), without a child's Node and tsx start-up, seconds each on a loaded machine, which took
// these tests to their timeout); what runs on (listen, serve, events --follow) is a real process.
const KEY = 'cli-listen-key-8c21';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-listen-');
const handlers: StatefulHandler[] = [];
const processes = processesStoppedAfterEach();

afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});

async function handler(kind: StatefulKind = 'correct'): Promise<StatefulHandler> {
  const h = await startStatefulHandler(kind, KEY);
  handlers.push(h);
  return h;
}

/** `hooklab listen` on a fresh data folder; resolves with its listener URL once it is ready. */
async function listen(dataDir: string, ...extra: string[]): Promise<{ process: ServerProcess; url: string }> {
  const p = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', ...extra], env);
  processes.push(p);
  const match = await p.waitFor(/Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
  return { process: p, url: match[1]! };
}

describe('hooklab listen', () => {
  it('prints one line per delivery (verdict, each forward target with status and time) and refuses a second listener on the folder', async () => {
    const h = await handler();
    const dataDir = newDir();
    // --save keeps the options (the key in HOOKLAB_WEBHOOK_KEY too) in the data folder.
    const listener = await listen(dataDir, '--forward-to', h.url, '--save');
    const sent = await hooklabInProcess(['trigger', 'SuccessPayment', '--to', listener.url, '--data-dir', newDir()], { env });
    expect(sent.code).toBe(0);
    const line = await listener.process.waitFor(/^.*SuccessPayment.*$/m);
    expect(line[0]).toMatch(/#1 +SuccessPayment +order \d+ +evt \d+ +signature valid +-> http:\/\/127\.0\.0\.1:\d+\/webhooks 200 \d+ ms/);
    expect(h.received).toHaveLength(1);

    // events --json carries what the handler answered a forwarded delivery, as listen printed it.
    const listed = await hooklabInProcess(['events', '--data-dir', dataDir, '--json']);
    const [row] = listed.stdout.trim().split('\n').map((l) => JSON.parse(l) as { forwards: { target: string; status: number }[] });
    expect(row!.forwards).toEqual([expect.objectContaining({ target: expect.stringMatching(/\/webhooks$/), status: 200 })]);
    // A listing that finds nothing says so on stderr, and stdout stays empty for a pipe.
    const none = await hooklabInProcess(['events', '--data-dir', dataDir, '--type', 'Cancelled']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr.trim()).toBe('no delivery matches --type Cancelled');

    // Without HOOKLAB_WEBHOOK_KEY, trigger signs with the data folder's current key (listen --save stored it).
    const withStoredKey = await hooklabInProcess(['trigger', 'Created', '--to', h.url, '--data-dir', dataDir]);
    expect(withStoredKey.stderr).toMatch(/signing with the data folder's current key/);
    expect(withStoredKey.code).toBe(0);

    // A real process: were the refusal to go, a listener would run on in the test's own process.
    const second = await runHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0'], { env });
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/in use by another Hooklab \(listen, pid \d+/);
  });
});

describe('hooklab listen with hooklab.config.json', () => {
  it("forwards each event type to its own route and the rest to '*'", async () => {
    const payments = await handler();
    const others = await handler();
    const config = join(newDir(), 'hooklab.config.json');
    writeFileSync(config, JSON.stringify({ routes: { SuccessPayment: payments.url, '*': [others.url] } }));
    const listener = await listen(newDir(), '--config', config);
    await listener.process.waitFor(/forwarding SuccessPayment -> /);
    for (const type of ['SuccessPayment', 'Created']) expect((await hooklabInProcess(['trigger', type, '--to', listener.url, '--data-dir', newDir()], { env })).code).toBe(0);
    await listener.process.waitFor(/Created .*-> http:\/\/127\.0\.0\.1:\d+\/webhooks 200/);
    await listener.process.waitFor(/SuccessPayment .*-> http:\/\/127\.0\.0\.1:\d+\/webhooks 200/);
    expect(payments.received.map((r) => JSON.parse(r.body.toString()).type)).toEqual(['SuccessPayment']);
    expect(others.received.map((r) => JSON.parse(r.body.toString()).type)).toEqual(['Created']);
  });

  it('shows the --config file in Settings: the core it starts is given the path (no environment variable in between)', async () => {
    const config = join(newDir(), 'hooklab.config.json');
    writeFileSync(config, JSON.stringify({ routes: { SuccessPayment: 'http://127.0.0.1:9/paid' } }));
    const dataDir = newDir();
    await listen(dataDir, '--config', config);
    const client = connectToRunningInstance(dataDir)!;
    try {
      expect(await client.call('project.config', {})).toMatchObject({ path: config, routes: [{ eventType: 'SuccessPayment', urls: ['http://127.0.0.1:9/paid'] }], error: null });
    } finally {
      client.close();
    }
  });
});

describe('hooklab resend', () => {
  it("asks the service (here the listener's embedded sandbox) to resend a delivery of its history, reporting the outcome", async () => {
    const dataDir = newDir();
    await listen(dataDir);
    const client = connectToRunningInstance(dataDir)!;
    try {
      await client.call('sandbox.runScenario', { name: 'order-finalized' });
      let delivered = (await client.call('history.local', {})).deliveries;
      while (delivered.length === 0) {
        await client.call('history.pollNow', {});
        delivered = (await client.call('history.local', {})).deliveries;
      }
      // The config's environment must be the active one; the command never switches it.
      const project = newDir();
      writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ environment: 'staging' }));
      const refused = await hooklabInProcess(['resend', String(delivered[0]!.id), '--data-dir', dataDir], { cwd: project });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/environment "staging" is not configured here \(environments: sandbox\)/);
      writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ environment: 'sandbox' }));
      const r = await hooklabInProcess(['resend', String(delivered[0]!.id), '--data-dir', dataDir, '--json'], { cwd: project });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout.trim())).toMatchObject({ kind: 'delivered' });
    } finally {
      client.close();
    }
  });
});

describe('hooklab serve', () => {
  it('prints the same line per delivery as listen', async () => {
    const dataDir = newDir();
    const serve = startHooklab(['serve', '--data-dir', dataDir, '--ui-port', '0', '--listener-port', '0'], env);
    processes.push(serve);
    await serve.waitFor(/Hooklab is running at/);
    const client = connectToRunningInstance(dataDir)!;
    const status = await client.call('app.status', {});
    client.close();
    expect((await hooklabInProcess(['trigger', 'Finalized', '--to', status.listener.url!, '--data-dir', newDir()], { env })).code).toBe(0);
    const line = await serve.waitFor(/^.*Finalized.*$/m);
    expect(line[0]).toMatch(/#1 +Finalized +order \d+ +evt \d+ +signature valid/);
  });
});

describe('hooklab events', () => {
  it('lists through the running listener, and --follow prints the backlog then a new delivery', async () => {
    const dataDir = newDir();
    const listener = await listen(dataDir);
    expect((await hooklabInProcess(['trigger', 'Created', '--to', listener.url, '--data-dir', newDir()], { env })).code).toBe(0);
    expect((await hooklabInProcess(['trigger', 'Cancelled', '--to', listener.url, '--data-dir', newDir()], { env })).code).toBe(0);
    const listed = await hooklabInProcess(['events', '--data-dir', dataDir, '--type', 'Cancelled', '--json']);
    expect(listed.code).toBe(0);
    const rows = listed.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => r.type)).toEqual(['Cancelled']);
    expect(rows[0].signature).toBe('valid');

    const follow = startHooklab(['events', '--follow', '--data-dir', dataDir, '--json']);
    processes.push(follow);
    await follow.waitFor(/following new deliveries/);
    expect(follow.output().indexOf('"Created"')).toBeLessThan(follow.output().indexOf('"Cancelled"'));
    expect((await hooklabInProcess(['trigger', 'Finalized', '--to', listener.url, '--data-dir', newDir()], { env })).code).toBe(0);
    await follow.waitFor(/"type":"Finalized"/);
  });
});

describe('hooklab scenario record / run', () => {
  it('records the sandbox 3-D Secure and shipping scenarios and runs them back at --speed max against a handler whose state is checked', async () => {
    const dataDir = newDir();
    const listener = await listen(dataDir);
    // One folder for both: the trigger's sandbox keeps counting order and event ids there.
    const triggerDir = newDir();
    const threeDs = await hooklabInProcess(['trigger', '3ds-success', '--to', listener.url, '--json', '--data-dir', triggerDir], { env });
    const shipping = await hooklabInProcess(['trigger', 'shipping-delivered', '--to', listener.url, '--json', '--data-dir', triggerDir], { env });
    expect([threeDs.code, shipping.code]).toEqual([0, 0]);
    expect(threeDs.stdout).not.toBe('');
    const shippingOrder = JSON.parse(shipping.stdout.split('\n')[0]!).orderId as string;
    const threeDsOrder = JSON.parse(threeDs.stdout.split('\n')[0]!).orderId as string;
    expect(threeDsOrder).not.toBe(shippingOrder);

    const dir = newDir();
    const file = join(dir, 'orders.json');
    // Both orders in one file: the 3DS one by its deliveries' ids, then the shipping one's.
    const events = await hooklabInProcess(['events', '--data-dir', dataDir, '--json', '--limit', '100']);
    const ids = events.stdout.trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.orderId === threeDsOrder || r.orderId === shippingOrder).map((r) => r.id).reverse();
    const recorded = await hooklabInProcess(['scenario', 'record', '--ids', ids.join(','), '-o', file, '--data-dir', dataDir]);
    expect(recorded.stderr).toBe('');
    expect(recorded.code).toBe(0);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as ScenarioFile;
    expect(scenario).toMatchObject({ format: 'hooklab-scenario', version: 1 });
    expect(scenario.events.length).toBe(ids.length);
    expect(scenario.events.every((e) => e.gapMs >= 0 && e.headers.some(([n]) => n.toLowerCase() === 'x-svc-event-id'))).toBe(true);
    const finalShipping = scenario.events.filter((e) => e.eventType === 'Updated').map((e) => JSON.parse(e.body!).metadata.NewStatus).at(-1);
    expect(finalShipping).toBeTruthy();

    const expectations = ['--expect', `orders.${threeDsOrder}.payments=1`, '--expect', `orders.${shippingOrder}.payments=1`, '--expect', `orders.${shippingOrder}.shipping=${finalShipping}`];
    const good = await handler('correct');
    const pass = await hooklabInProcess(['scenario', 'run', file, '--to', good.url, '--speed', 'max', '--duplicates', '1', '--data-dir', newDir(), '--expect-state', good.stateUrl, ...expectations], { env });
    expect(pass.stderr).not.toMatch(/expectations failed/);
    expect(pass.code).toBe(0);
    expect(pass.stdout.match(/^PASS/gm)).toHaveLength(3);
    // Re-signed with the key, event ids kept: the handler saw the recorded ids, each twice.
    expect(good.received.every((r) => r.status === 200)).toBe(true);
    expect(good.received.map((r) => r.headers['x-svc-event-id'])).toEqual(scenario.events.flatMap((e) => [e.eventId, e.eventId]));

    const buggy = await handler('processes-duplicates');
    const fail = await hooklabInProcess(['scenario', 'run', file, '--to', buggy.url, '--speed', 'max', '--duplicates', '1', '--data-dir', newDir(), '--expect-state', buggy.stateUrl, ...expectations], { env });
    expect(fail.code).toBe(1);
    expect(fail.stdout).toContain(`FAIL  orders.${threeDsOrder}.payments: expected 1, got 2`);
  });

  it('refuses a scenario file from a newer Hooklab in one line (exit 2)', async () => {
    const file = join(newDir(), 'future.json');
    writeFileSync(file, JSON.stringify({ format: 'hooklab-scenario', version: 2, recordedAt: '', source: {}, events: [] }));
    const r = await hooklabInProcess(['scenario', 'run', file, '--to', 'http://127.0.0.1:9/', '--data-dir', newDir()], { env });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^hooklab scenario run: .*future\.json: scenario file version 2 is newer than this Hooklab reads \(1\): update Hooklab$/);
  });
});

describe('hooklab replay', () => {
  it("re-signs a received delivery through Replay's engine, with --set, stored in Replay's history of the running Hooklab as sent from the CLI", async () => {
    const h = await handler();
    const dataDir = newDir();
    const listener = await listen(dataDir);
    expect((await hooklabInProcess(['trigger', 'SuccessPayment', '--to', listener.url, '--data-dir', newDir()], { env })).code).toBe(0);
    const r = await hooklabInProcess(['replay', '1', '--to', h.url, '--set', 'orderId=replayed-1', '--data-dir', dataDir, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const line = JSON.parse(r.stdout.trim());
    expect(line).toMatchObject({ type: 'SuccessPayment', target: h.url, status: 200, deliveryId: 1 });
    expect(JSON.parse(h.received[0]!.body.toString()).orderId).toBe('replayed-1');
    const client = connectToRunningInstance(dataDir)!;
    // A replay sent as the app's Replay sends it (no sentFrom) is filed as the app's.
    const draft = await client.call('replay.open', { from: { kind: 'received', id: 1 } });
    const [fromApp] = (await client.call('replay.send', { request: draft.request, targetUrl: h.url })).replays;
    const history = await client.call('replay.history', {});
    expect(history.rows.map((row) => [row.id, row.sentFrom])).toEqual([
      [fromApp!.summary.id, 'app'],
      [line.replayId, 'cli'],
    ]);
    client.close();
    // The replay's own number is not the delivery's: the line names both.
    const text = await hooklabInProcess(['replay', '1', '--to', h.url, '--data-dir', dataDir]);
    expect(text.stdout).toContain(`replay #${fromApp!.summary.id + 1} of delivery #1  SuccessPayment`);
  });
});
