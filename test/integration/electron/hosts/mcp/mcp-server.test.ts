import { createHmac } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_FAILURES, startHandler, type TestHandler } from '../../../../fixtures/handlers';
import { processExists } from '../../../../support/server-process';
import { tempDirs } from '../../../../support/temp-dirs';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { mcpCommand, startMcp, textOf, type McpSession } from './mcp-process';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';

const KEY = 'whk_mcp_test_secret_4f1c9a';
const TOOLS = [
  'list_deliveries', 'get_delivery', 'explain_signature', 'wait_for_delivery', 'list_orders', 'get_order_sequence', 'make_regression_test', 'explain_order',
  'replay_delivery', 'trigger_event', 'check_handler', 'run_scenario', 'get_handler_trace', 'history_pending', 'resend', 'reconcile',
  'probe_public_url', 'history_delivery_urls', 'export_har', 'search_docs',
];

const event = (orderId: string) => ({
  orderId, orderReference: 'mcp-1', orderType: 'FASTLINK_CHARGE', description: 'Pago exitoso', level: 'Info', type: 'SuccessPayment', metadata: { PaidAmount: '10.00' },
});

/** POSTs a body to the listener with the service's three headers, signed over `signedText`. */
async function deliver(listenerUrl: string, bodyText: string, signedText: string, eventId: number): Promise<number> {
  const res = await fetch(listenerUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(signedText).digest('base64'),
      'X-Svc-Event-Id': String(eventId),
      'X-Svc-Event-Created': new Date().toISOString(),
    },
    body: bodyText,
  });
  return res.status;
}

/** Files under /proc/<pid>/fd that point into `dir`: what the process has open there. */
function openFilesIn(pid: number, dir: string): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

describe('hooklab mcp through a running serve on the same data folder', () => {
  let dataDir: string;
  let serve: ServeOnFolder;
  let mcp: McpSession;
  let listenerUrl: string;
  const handlers: TestHandler[] = [];

  beforeAll(async () => {
    // One folder for the whole block (tempDirs would remove it after the first test).
    dataDir = mkdtempSync(join(tmpdir(), 'hooklab-mcp-'));
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY });
    listenerUrl = (await serve.process.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
    const compact = JSON.stringify(event('5001'));
    expect(await deliver(listenerUrl, compact, compact, 1)).toBe(200);
    // Signed compact, arrives indented: what a proxy that re-serialises JSON does.
    expect(await deliver(listenerUrl, JSON.stringify(event('5002'), null, 2), JSON.stringify(event('5002')), 2)).toBe(200);
    // HOOKLAB_WEBHOOK_KEY in the MCP configuration: the key the tools sign with.
    mcp = await startMcp(dataDir, mcpCommand(dataDir, [], { HOOKLAB_WEBHOOK_KEY: KEY }));
  }, 60_000);

  /** A handler the user made a Replay target: the only kind of URL (with forward targets) the tools send to. */
  async function targetHandler(kind: Parameters<typeof startHandler>[0]): Promise<TestHandler> {
    const handler = await startHandler(kind, { key: KEY });
    handlers.push(handler);
    expect((await callWith(serve.url, serve.token, 'replay.addTarget', { url: handler.url })).status).toBe(200);
    return handler;
  }

  afterAll(async () => {
    await mcp?.close();
    await serve?.stop();
    for (const h of handlers) await h.close();
    expect(processExists(-mcp.pid)).toBe(false);
    expect(processExists(serve.process.pid)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('lists exactly these tools, each with an input schema', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
    // Hints from the facts of the calls each tool makes (shared/contract: readOnly, destructive).
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(hints['list_deliveries']).toEqual({ readOnlyHint: true });
    expect(hints['get_handler_trace']).toEqual({ readOnlyHint: true });
    expect(hints['replay_delivery']).toEqual({ readOnlyHint: false, destructiveHint: false });
    // The service resends on the active environment, possibly production: nothing takes it back.
    expect(hints['resend']).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(hints['explain_order']).toEqual({ readOnlyHint: true });
    expect(hints['wait_for_delivery']).toEqual({ readOnlyHint: true });
    expect(hints['search_docs']).toEqual({ readOnlyHint: true });
    expect(hints['run_scenario']).toEqual({ readOnlyHint: false, destructiveHint: false });
  });

  it('works through the instance: the lock stays the serve\'s and the MCP process never opens the database', async () => {
    expect(mcp.stderr()).toMatch(new RegExp(`through the running Hooklab \\(serve, pid ${serve.process.pid}, ${serve.url}\\)`));
    const lock = JSON.parse(readFileSync(join(dataDir, 'instance.lock'), 'utf8')) as { pid: number; kind: string };
    expect(lock).toMatchObject({ pid: serve.process.pid, kind: 'serve' });
    await mcp.call('list_deliveries', {});
    expect(openFilesIn(mcp.pid, dataDir)).toEqual([]);
    // The serve, the one process with the database open, is the one answering.
    expect(openFilesIn(serve.process.pid, dataDir).some((f) => f.endsWith('hooklab.db'))).toBe(true);
  });

  it('list_deliveries shows what reached the listener, with filters', async () => {
    const all = await mcp.call('list_deliveries', {});
    expect(all.isError).toBeFalsy();
    const rows = (all.structuredContent as { deliveries: { orderId: string; signature: string }[] }).deliveries;
    expect(rows.map((r) => r.orderId)).toEqual(['5002', '5001']);
    expect(textOf(all)).toMatch(/SuccessPayment order 5001/);
    const one = await mcp.call('list_deliveries', { order: '5001', signature: 'valid', since: '1h' });
    expect((one.structuredContent as { deliveries: unknown[] }).deliveries).toHaveLength(1);
  });

  it('explain_signature names re-serialisation for a body that was re-serialised', async () => {
    const [re] = (((await mcp.call('list_deliveries', { order: '5002' })).structuredContent as { deliveries: { id: number }[] }).deliveries);
    const r = await mcp.call('explain_signature', { id: re!.id });
    expect(textOf(r)).toMatch(/re-serialised/);
    expect(r.structuredContent).toMatchObject({ signature: 'invalid', diagnosis: { kind: 're-serialised' } });
    const valid = (((await mcp.call('list_deliveries', { order: '5001' })).structuredContent as { deliveries: { id: number }[] }).deliveries)[0]!;
    expect(textOf(await mcp.call('explain_signature', { id: valid.id }))).toMatch(/signature is valid/);
  });

  it('get_delivery returns headers, the body as text and the verdict', async () => {
    const valid = (((await mcp.call('list_deliveries', { order: '5001' })).structuredContent as { deliveries: { id: number }[] }).deliveries)[0]!;
    const r = await mcp.call('get_delivery', { id: valid.id });
    const s = r.structuredContent as { body: { encoding: string; content: string; truncated: boolean }; verdict: { signature: string }; headers: [string, string][] };
    expect(s.body).toMatchObject({ encoding: 'text', content: JSON.stringify(event('5001')), truncated: false });
    expect(s.verdict.signature).toBe('valid');
    expect(s.headers.some(([n]) => n.toLowerCase() === 'x-svc-event-id')).toBe(true);
  });

  it('replay_delivery reaches a handler with a valid signature, set overrides applied, and the instance records it', async () => {
    const handler = await targetHandler('correct');
    const valid = (((await mcp.call('list_deliveries', { order: '5001' })).structuredContent as { deliveries: { id: number }[] }).deliveries)[0]!;
    const r = await mcp.call('replay_delivery', { id: valid.id, to: handler.url, set: { 'metadata.PaidAmount': '99.00' } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ status: 200 });
    expect(handler.received).toHaveLength(1);
    expect(handler.received[0]!.status).toBe(200); // the handler's own node:crypto check passed
    expect(JSON.parse(handler.received[0]!.body.toString('utf8')).metadata.PaidAmount).toBe('99.00');
    const history = await callWith(serve.url, serve.token, 'replay.history', {});
    expect((history.body as { value: { rows: { targetUrl: string }[] } }).value.rows[0]!.targetUrl).toBe(handler.url);
  });

  it('trigger_event sends a new signed event of a type to a URL', async () => {
    const handler = await targetHandler('correct');
    const r = await mcp.call('trigger_event', { eventType: 'Updated', to: handler.url, orderId: '777' });
    expect(r.structuredContent).toMatchObject({ status: 200, eventType: 'Updated' });
    expect(JSON.parse(handler.received[0]!.body.toString('utf8'))).toMatchObject({ type: 'Updated', orderId: '777' });
  });

  it('check_handler passes a correct handler and names what a broken one gets wrong', async () => {
    const good = await targetHandler('correct');
    const hex = await targetHandler('accepts-hex');
    const ok = await mcp.call('check_handler', { url: good.url });
    expect(ok.structuredContent).toMatchObject({ passed: true });
    expect(textOf(ok)).toMatch(/^PASSED: 10 of 10/m);
    const bad = await mcp.call('check_handler', { url: hex.url });
    const checks = (bad.structuredContent as { checks: { id: string; passed: boolean; evidence: unknown[] }[] }).checks;
    expect(checks.filter((c) => !c.passed).map((c) => c.id)).toEqual(EXPECTED_FAILURES['accepts-hex']);
    expect(checks.every((c) => c.evidence.length > 0)).toBe(true);
    expect(textOf(bad)).toMatch(/✗ hex-signature-rejected/);
  }, 60_000);

  it('orders and history tools answer from the same folder', async () => {
    const orders = await mcp.call('list_orders', {});
    expect((orders.structuredContent as { orders: { orderId: string }[] }).orders.map((o) => o.orderId)).toEqual(expect.arrayContaining(['5001', '5002']));
    const seq = await mcp.call('get_order_sequence', { orderId: '5001' });
    expect(textOf(seq)).toMatch(/Order 5001: status PAID/);
    // An order only an unverified delivery claims is never shown in a verified state.
    expect(await deliver(listenerUrl, JSON.stringify(event('5003')), 'signed over something else', 3)).toBe(200);
    const withForged = await mcp.call('list_orders', {});
    expect(textOf(withForged)).toMatch(/5003 FASTLINK_CHARGE status unverified: PAID claimed payment paid \(unverified\) /);
    expect(textOf(withForged)).toMatch(/5001 FASTLINK_CHARGE status PAID /);
    const summaries = (withForged.structuredContent as { orders: { orderId: string; verified: boolean; state: string }[] }).orders;
    expect(summaries.find((o) => o.orderId === '5003')).toMatchObject({ verified: false, state: 'unverified: PAID claimed' });
    expect(summaries.find((o) => o.orderId === '5001')).toMatchObject({ verified: true, state: 'PAID' });
    expect(textOf(await mcp.call('get_order_sequence', { orderId: '5003' }))).toMatch(/Order 5003: status unverified: PAID claimed, payment paid \(unverified\)/);
    const test = await mcp.call('make_regression_test', { orderId: '5001', framework: 'jest', expect: ['orders.{orderId}.payments=1'] });
    expect(textOf(test)).toMatch(/\nSave as order-5001\.regression\.test\.mjs; run it with: HOOKLAB_HANDLER_URL=.* npx jest order-5001\.regression\.test\.mjs\n\n\/\/ A regression test written by Hooklab/);
    expect(textOf(test)).toContain('{ path: "orders.{orderId}.payments", value: 1 },');
    expect(textOf(await mcp.call('make_regression_test', { orderId: '424242' }))).toMatch(/^make_regression_test: no received delivery is about order 424242/);
    const pending = await mcp.call('history_pending', {});
    expect(pending.isError).toBeFalsy();
    const urls = await mcp.call('history_delivery_urls', { since: '7d' });
    expect(urls.isError).toBeFalsy();
    expect(urls.structuredContent).toMatchObject({ urls: expect.any(Array) });
  });

  it('probe_public_url says why there is nothing to probe when no public URL is set', async () => {
    const r = await mcp.call('probe_public_url', {});
    expect(r.structuredContent).toMatchObject({ reachable: false, publicUrl: null, latencyMs: null });
    expect(textOf(r)).toMatch(/^NOT reachable: no public URL: turn the tunnel on/m);
  });

  it('resend asks the service (here the embedded sandbox) to resend a delivery of its history', async () => {
    expect((await callWith(serve.url, serve.token, 'sandbox.useSandbox')).status).toBe(200);
    const scenario = await callWith(serve.url, serve.token, 'sandbox.runScenario', { name: 'order-cancelled' });
    expect(scenario.status).toBe(200);
    expect((await callWith(serve.url, serve.token, 'history.pollNow')).status).toBe(200);
    const events = (await callWith(serve.url, serve.token, 'history.events', {})).body as { value: { events: { lastDeliveryId: number; eventType: string }[] } };
    const cancelled = events.value.events.find((e) => e.eventType === 'Cancelled')!;
    const r = await mcp.call('resend', { id: cancelled.lastDeliveryId });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ kind: 'delivered' });
    expect(textOf(r)).toMatch(new RegExp(`^Resend of ${cancelled.lastDeliveryId}: delivered`, 'm'));
    const both = await mcp.call('resend', { id: 1, pending: true });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/either id or pending/);
  }, 60_000);

  it('unknown or wrong arguments get the schema\'s error and change nothing', async () => {
    const r = await mcp.call('replay_delivery', { id: 1, to: 'http://127.0.0.1:9/', sett: {} });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/sett/);
    expect(textOf(r)).toMatch(/[Uu]nrecognized key/);
    const wrongType = await mcp.call('get_delivery', { id: 'one' });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/id/);
    const refused = await mcp.call('replay_delivery', { id: 1, to: 'http://203.0.113.9/hook' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/not a target you configured/);
  });

  it('export_har writes the selected deliveries as HAR 1.2 in the data folder and answers its path', async () => {
    const result = await mcp.call('export_har', { order: '5001' });
    expect(result.isError).toBeFalsy();
    const { path, deliveries } = result.structuredContent as { path: string; deliveries: number };
    expect(path.startsWith(join(dataDir, 'shares'))).toBe(true);
    expect(deliveries).toBe(1);
    const har = JSON.parse(readFileSync(path, 'utf8')) as { log: { version: string; entries: Array<{ _hooklab: { orderId: string; signature: string } }> } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => e._hooklab)).toMatchObject([{ orderId: '5001', signature: 'valid' }]);
    expect(textOf(result)).toContain(`to ${path}`);
  });

  it('no output of any tool contains a configured secret: the listener key, the sandbox store\'s secrets, the access token', async () => {
    const revealed = (await callWith(serve.url, serve.token, 'sandbox.revealCredentials')).body as { value: Record<string, string> };
    const { clientSecret, secretKey, webhookKey } = revealed.value;
    const secrets = [KEY, serve.token, clientSecret, secretKey, webhookKey];
    for (const secret of secrets) expect(secret, 'a secret to look for').toMatch(/.{8,}/);
    expect(mcp.outputs.length).toBeGreaterThan(15);
    for (const out of [...mcp.outputs, mcp.stderr()]) for (const secret of secrets) expect(out).not.toContain(secret);
  });
});

describe('hooklab mcp on a data folder nobody holds', () => {
  const dirs = tempDirs('hooklab-mcp-own-');

  it('opens the folder itself under the lock (kind mcp), and a closed stdin ends it and frees the folder', async () => {
    const dataDir = dirs();
    const { command, args, cwd } = mcpCommand(dataDir);
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const pid = child.pid!;
    try {
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString('utf8');
          if (/serving with the data folder/.test(stderr)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const lock = JSON.parse(readFileSync(join(dataDir, 'instance.lock'), 'utf8')) as { pid: number; kind: string; url: string | null };
      expect(lock).toMatchObject({ pid, kind: 'mcp' });
      // It serves the local API too: terminal tools (events, replay) go through it meanwhile.
      expect(lock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = connectToRunningInstance(dataDir)!;
      try {
        expect((await client.call('app.status', {})).host.dataDir).toBe(dataDir);
        expect((await client.call('live.list', { limit: 10 })).rows).toEqual([]);
      } finally {
        client.close();
      }
      // A serve started now is refused instead of opening the database beside it.
      await expect(startServeOn(dataDir)).rejects.toThrow(/in use by another Hooklab \(mcp, pid/);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(existsSync(join(dataDir, 'instance.lock'))).toBe(false);
    } finally {
      if (processExists(-pid)) process.kill(-pid, 'SIGKILL');
      while (processExists(-pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(processExists(-pid)).toBe(false);
  }, 60_000);
});
