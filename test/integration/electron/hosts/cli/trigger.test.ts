import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../../../shared/service';
import { startStatefulHandler, type StatefulHandler } from '../../../../fixtures/stateful-handler';
import { runHooklab } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';

const KEY = 'cli-test-key-3f9a';
const newDir = tempDirs('hooklab-cli-');
const handlers: StatefulHandler[] = [];
afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});
async function handler(): Promise<StatefulHandler> {
  const h = await startStatefulHandler('correct', KEY);
  handlers.push(h);
  return h;
}

describe('hooklab (the command framework)', () => {
  it('lists every command and its flags, and the exit statuses', async () => {
    const r = await runHooklab(['--help']);
    expect(r.code).toBe(0);
    for (const command of ['listen', 'trigger', 'events', 'replay', 'resend', 'scenario record', 'scenario run', 'check-handler', 'sign', 'serve', 'sandbox']) {
      expect(r.stdout).toContain(`hooklab ${command}`);
    }
    expect(r.stdout).toMatch(/--expect-state URL/);
    expect(r.stdout).toMatch(/0 done, 1 a check or expectation failed, 2 the command could not run/);
    const one = await runHooklab(['trigger', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/--set PATH=VALUE\.\.\./);
    expect(one.stdout).toMatch(/--data-dir DIR/);
    // The commands with their own parsers speak as hooklab commands too.
    for (const command of ['check-handler', 'sign']) {
      const own = await runHooklab([command, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^usage: hooklab ${command} `));
    }
  });

  it('refuses an unknown flag with the usage and exit 2', async () => {
    const r = await runHooklab(['trigger', 'SuccessPayment', '--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option --nope/);
    expect(r.stderr).toMatch(/usage: hooklab trigger/);
  });
});

describe('hooklab trigger', () => {
  it('sends the template with --set overrides (array paths typed as in the template), signed, with a fresh event id', async () => {
    const h = await handler();
    const r = await runHooklab(
      ['trigger', 'SuccessPayment', '--to', h.url, '--set', 'metadata.orderDetail[0].quantity=7', '--set', 'orderId=ord-42', '--set', 'metadata.IsManagedPaymentMethod=false', '--count', '2', '--json', '--data-dir', newDir()],
      { env: { HOOKLAB_WEBHOOK_KEY: KEY } },
    );
    expect(r.stderr).toMatch(/signing with HOOKLAB_WEBHOOK_KEY/);
    expect(r.code).toBe(0);
    expect(h.received).toHaveLength(2);
    for (const got of h.received) {
      expect(got.status).toBe(200); // the handler verified the signature
      const event = JSON.parse(got.body.toString('utf8'));
      expect(event.type).toBe('SuccessPayment');
      expect(event.orderId).toBe('ord-42');
      // Typed as in the template: its quantities are text, its flag a boolean.
      expect(event.metadata.orderDetail[0].quantity).toBe('7');
      expect(event.metadata.IsManagedPaymentMethod).toBe(false);
      expect(got.headers['x-svc-event-created']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(h.received[0]!.headers['x-svc-event-id']).not.toBe(h.received[1]!.headers['x-svc-event-id']);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ type: 'SuccessPayment', orderId: 'ord-42', target: h.url, status: 200 });
  });

  it('names a throwaway key when neither HOOKLAB_WEBHOOK_KEY nor a stored key exists (the handler rejects it: exit 1)', async () => {
    const h = await handler();
    const r = await runHooklab(['trigger', 'Created', '--to', h.url, '--data-dir', newDir()]);
    expect(r.stderr).toMatch(/a throwaway key made for this run/);
    expect(r.code).toBe(1);
    expect(h.received[0]!.status).toBe(401);
  });

  it('routes by event type from hooklab.config.json, * for the rest', async () => {
    const payments = await handler();
    const others = await handler();
    const project = newDir();
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ routes: { SuccessPayment: [payments.url], '*': others.url } }));
    const env = { HOOKLAB_WEBHOOK_KEY: KEY };
    expect((await runHooklab(['trigger', 'SuccessPayment', '--data-dir', newDir()], { env, cwd: project })).code).toBe(0);
    expect((await runHooklab(['trigger', 'Cancelled', '--data-dir', newDir()], { env, cwd: project })).code).toBe(0);
    expect(payments.received.map((r) => JSON.parse(r.body.toString()).type)).toEqual(['SuccessPayment']);
    expect(others.received.map((r) => JSON.parse(r.body.toString()).type)).toEqual(['Cancelled']);
  });

  it('without --order-id each run is a new order, from the same id space as the folder\'s sandboxes', async () => {
    const h = await handler();
    const dataDir = newDir();
    for (let i = 0; i < 2; i++) {
      expect((await runHooklab(['trigger', 'SuccessPayment', '--to', h.url, '--data-dir', dataDir], { env: { HOOKLAB_WEBHOOK_KEY: KEY } })).code).toBe(0);
    }
    expect((await runHooklab(['trigger', '3ds-success', '--to', h.url, '--data-dir', dataDir], { env: { HOOKLAB_WEBHOOK_KEY: KEY } })).code).toBe(0);
    const orders = h.received.map((r) => String((JSON.parse(r.body.toString()) as { orderId: string }).orderId));
    expect(orders[0]).not.toBe(orders[1]);
    // The scenario's order is a third one, not an order a template run already used.
    expect(orders.slice(2).every((o) => o !== orders[0] && o !== orders[1])).toBe(true);
  });

  it('plays a sandbox scenario to the target, signed with the key, and keeps no copy of the key in the folder', async () => {
    const h = await handler();
    const dir = newDir();
    // An earlier version kept the key in the command's own sandbox: that state goes.
    mkdirSync(join(dir, 'trigger-sandbox'), { recursive: true });
    writeFileSync(join(dir, 'trigger-sandbox', 'sandbox.sqlite'), `old state with ${KEY}`);
    const r = await runHooklab(['trigger', '3ds-success', '--to', h.url, '--data-dir', dir], { env: { HOOKLAB_WEBHOOK_KEY: KEY } });
    expect(r.code).toBe(0);
    expect(h.received.map((x) => JSON.parse(x.body.toString()).type)).toContain('ThreeDSecureAuthSucceeded');
    expect(h.received.every((x) => x.status === 200)).toBe(true);
    // The sandbox that signed with the user's key ran in memory: no file of the folder holds it.
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name)).includes(KEY), f.name).toBe(false);
  });

  describe('bad input: one clear line and exit 2', () => {
    it('a malformed config file, each mistake by its path', async () => {
      const project = newDir();
      writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ routes: { SuccessPayment: ['http://localhost:3000/a', 'ftp://x'] }, listener: { port: 'x' } }));
      const r = await runHooklab(['trigger', 'SuccessPayment', '--data-dir', newDir()], { cwd: project });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/routes\.SuccessPayment\[1\]: not an http\(s\) URL/);
      expect(r.stderr).toMatch(/listener\.port: /);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });

    it('an unknown event type, listing the known ones', async () => {
      const r = await runHooklab(['trigger', 'PaymentSucceeded', '--to', 'http://127.0.0.1:9/', '--data-dir', newDir()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/unknown event type or scenario "PaymentSucceeded"/);
      for (const type of EVENT_TYPES) expect(r.stderr).toContain(type);
      expect(r.stderr).toContain('3ds-success');
    });

    it('a --set path the template does not have', async () => {
      const h = await handler();
      const r = await runHooklab(['trigger', 'SuccessPayment', '--to', h.url, '--set', 'metadata.orderDetail[9].quantity=2', '--data-dir', newDir()], { env: { HOOKLAB_WEBHOOK_KEY: KEY } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the template has no metadata\.orderDetail\[9\]/);
      expect(h.received).toHaveLength(0);
    });

    it('an unreachable target', async () => {
      const h = await handler();
      await h.close();
      handlers.splice(handlers.indexOf(h), 1);
      const r = await runHooklab(['trigger', 'Created', '--to', h.url, '--data-dir', newDir()], { env: { HOOKLAB_WEBHOOK_KEY: KEY } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is unreachable: .*(refused|ECONNREFUSED)/i);
    });
  });
});
