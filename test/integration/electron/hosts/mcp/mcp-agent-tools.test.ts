import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processExists } from '../../../../support/server-process';
import { tempDirs } from '../../../../support/temp-dirs';
import { orderEventBody, postSignedWebhook } from '../../../../support/signed-webhook';
import { startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { mcpCommand, startMcp, textOf, type McpSession } from './mcp-process';

const KEY = 'whk_agent_tools_test_key_9a1e';

/** POSTs one signed event of `orderId` to the listener. */
async function deliver(listenerUrl: string, orderId: string, eventId: number, type = 'SuccessPayment'): Promise<void> {
  expect(await postSignedWebhook(listenerUrl, KEY, orderEventBody(orderId, type), eventId)).toBe(200);
}

type WaitResult = { matched: boolean; match: { id: number; orderId: string } | null; arrived: Array<{ orderId: string }>; arrivedCount: number };

describe('wait_for_delivery, reconcile and the docs, through a running serve', () => {
  let dataDir: string;
  let serve: ServeOnFolder;
  let mcp: McpSession;
  let listenerUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hooklab-mcp-agent-tools-'));
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY });
    listenerUrl = (await serve.process.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
    mcp = await startMcp(dataDir, mcpCommand(dataDir));
  }, 60_000);

  afterAll(async () => {
    await mcp?.close();
    await serve?.stop();
    expect(processExists(-mcp.pid)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('waits for the delivery that arrives after the call, passing over the others', async () => {
    const since = new Date().toISOString();
    const waiting = mcp.call('wait_for_delivery', { orderId: 'w-1', since, timeoutMs: 20_000 });
    await deliver(listenerUrl, 'w-other', 101);
    await deliver(listenerUrl, 'w-1', 102);
    const r = await waiting;
    expect(r.isError, textOf(r)).toBeFalsy();
    const s = r.structuredContent as WaitResult;
    expect(s.matched).toBe(true);
    expect(s.match?.orderId).toBe('w-1');
    expect(s.arrived.map((d) => d.orderId)).toContain('w-other');
    expect(textOf(r)).toMatch(/Arrived after \d+ ms:\n#\d+ .* SuccessPayment order w-1 event 102/);
  }, 30_000);

  it('on timeout says nothing matching arrived in N s, not as an error, with what did arrive', async () => {
    const since = new Date().toISOString();
    await deliver(listenerUrl, 'w-2', 201, 'Updated');
    const r = await mcp.call('wait_for_delivery', { orderId: 'w-2', type: 'SuccessPayment', since, timeoutMs: 1500 });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toMatch(/Nothing matching arrived in 1\.5 s \(type SuccessPayment, order w-2\)/);
    expect(textOf(r)).toMatch(/1 other deliveries arrived meanwhile:\n#\d+ .* Updated order w-2/);
    expect((r.structuredContent as WaitResult).match).toBeNull();
  }, 30_000);

  it('refuses a wait over a minute in words', async () => {
    const r = await mcp.call('wait_for_delivery', { timeoutMs: 120_000 });
    expect(r.isError).toBe(true);
  });

  it('reconcile answers the summary (nothing polled yet here) without an error', async () => {
    const r = await mcp.call('reconcile', { since: '1h' });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent).toHaveProperty('counts');
  });

  it('search_docs finds how to configure an agent in docs/mcp.md, and each page is a resource', async () => {
    const r = await mcp.call('search_docs', { query: 'configure cursor mcp.json print-config' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const results = (r.structuredContent as { results: Array<{ path: string; heading: string; uri: string }> }).results;
    expect(results[0]).toMatchObject({ path: 'docs/mcp.md', uri: 'hooklab://docs/mcp.md' });
    const { resources } = await mcp.client.listResources();
    expect(resources.map((x) => x.uri)).toEqual(expect.arrayContaining(['hooklab://README.md', 'hooklab://docs/mcp.md', 'hooklab://docs/cli.md']));
    const read = await mcp.client.readResource({ uri: 'hooklab://docs/mcp.md' });
    expect((read.contents[0] as { text: string }).text).toMatch(/^# Hooklab for coding agents/);
  });
});

describe('wait_for_delivery on a data folder hooklab mcp opened itself', () => {
  const dirs = tempDirs('hooklab-mcp-wait-own-');

  it("answers with the delivery its own listener stored (trigger_event to Hooklab's listener)", async () => {
    const dataDir = dirs();
    // Free ports, no sandbox, no OTLP receiver: nothing of the defaults.
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ listener: { port: 0 }, sandbox: { enabled: false }, tracing: { enabled: false } }));
    const mcp = await startMcp(dataDir, mcpCommand(dataDir, [], { HOOKLAB_WEBHOOK_KEY: KEY }));
    try {
      expect(mcp.stderr()).toMatch(/opened here/);
      const since = new Date().toISOString();
      const waiting = mcp.call('wait_for_delivery', { orderId: 'own-1', since, timeoutMs: 20_000 });
      const sent = await mcp.call('trigger_event', { eventType: 'SuccessPayment', orderId: 'own-1' });
      expect(sent.isError, textOf(sent)).toBeFalsy();
      const r = await waiting;
      expect((r.structuredContent as WaitResult).match?.orderId).toBe('own-1');
    } finally {
      await mcp.close();
    }
    expect(processExists(-mcp.pid)).toBe(false);
  }, 60_000);
});
