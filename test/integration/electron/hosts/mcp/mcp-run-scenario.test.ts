import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordedOrder } from '../../../../fixtures/recorded-order';
import { startStatefulHandler, type StatefulHandler } from '../../../../fixtures/stateful-handler';
import { addReplayTarget, mcpAndServeStoppedAfterAll } from '../../../../support/mcp-on-served-folder';
import { orderEventBody, postSignedWebhook } from '../../../../support/signed-webhook';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { mcpCommand, startMcp, textOf, type McpSession } from './mcp-process';

const KEY = 'whk_run_scenario_key_5c0d';

type RunResult = { passed: boolean; sends: number; lines: Array<{ passed: boolean; text: string }>; jobId: string };

describe('run_scenario through hooklab mcp', () => {
  let dataDir: string;
  let serve: ServeOnFolder;
  let mcp: McpSession;
  let listenerUrl: string;
  const handlers: StatefulHandler[] = [];
  let scenarioPath: string;

  /** A stateful handler the user made a Replay target. */
  async function target(kind: Parameters<typeof startStatefulHandler>[0]): Promise<StatefulHandler> {
    const h = await startStatefulHandler(kind, KEY);
    handlers.push(h);
    await addReplayTarget(serve, h.url);
    return h;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hooklab-mcp-run-'));
    scenarioPath = join(dataDir, 'order-900001.json');
    writeFileSync(scenarioPath, JSON.stringify(recordedOrder('900001')));
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY });
    listenerUrl = (await serve.process.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
    // Started in the project folder, as an agent starts it: run_scenario reads the project's files only.
    const command = mcpCommand(dataDir, [], { HOOKLAB_WEBHOOK_KEY: KEY });
    const args = command.args.map((a) => (a === 'tsx' ? pathToFileURL(join(command.cwd, 'node_modules/tsx/dist/loader.mjs')).href : a.startsWith('electron/') ? join(command.cwd, a) : a));
    mcp = await startMcp(dataDir, { ...command, args, cwd: dataDir });
  }, 60_000);

  mcpAndServeStoppedAfterAll(() => ({ dataDir, serve, mcp }), handlers);

  it('PASS for a handler that keeps duplicates out, each send marked as the agent\'s and signed with the MCP key', async () => {
    const h = await target('correct');
    const r = await mcp.call('run_scenario', { file: 'order-900001.json', to: h.url, duplicates: 1, expect: ['orders.{orderId}.payments=1', 'orders.{orderId}.shipping=DISPATCHED'], expectState: `${new URL(h.url).origin}/state` });
    expect(r.isError, textOf(r)).toBeFalsy();
    const s = r.structuredContent as RunResult;
    expect(s.passed).toBe(true);
    expect(s.sends).toBe(12);
    expect(textOf(r)).toMatch(/PASSED: 12 sends accepted \(signed with key "HOOKLAB_WEBHOOK_KEY of hooklab mcp"\), 2 expectations hold/);
    expect(textOf(r)).toMatch(/PASS {2}orders\.\{orderId\}\.payments = 1/);
    expect(h.received.every((x) => x.status === 200 && x.headers['x-hooklab-sent-by'] === 'agent (hooklab mcp)')).toBe(true);
    // A job of its own kind, listed as jobs are.
    const jobs = (await callWith(serve.url, serve.token, 'jobs.list')).body as { value: { jobs: Array<{ jobId: string; kind: string }> } };
    expect(jobs.value.jobs).toContainEqual(expect.objectContaining({ jobId: s.jobId, kind: 'scenario.run' }));
  }, 60_000);

  it('FAIL naming the difference for a handler that counts the service\'s retries twice', async () => {
    const h = await target('processes-duplicates');
    const r = await mcp.call('run_scenario', { file: scenarioPath, to: h.url, expect: ['orders.{orderId}.payments=1'], expectState: `${new URL(h.url).origin}/state` });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect((r.structuredContent as RunResult).passed).toBe(false);
    expect(textOf(r)).toMatch(/FAILED: 1 of 7 lines failed/);
    expect(textOf(r)).toMatch(/FAIL {2}orders\.900001\.payments: expected 1, got 2/);
  }, 60_000);

  it("runs an order's received deliveries by orderId", async () => {
    const h = await target('correct');
    for (const [i, type] of ['Created', 'SuccessPayment'].entries()) expect(await postSignedWebhook(listenerUrl, KEY, orderEventBody('777001', type), 700 + i)).toBe(200);
    const r = await mcp.call('run_scenario', { orderId: '777001', to: h.url });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect((r.structuredContent as RunResult).sends).toBe(2);
    expect(h.received.map((x) => JSON.parse(x.body.toString()).type)).toEqual(['Created', 'SuccessPayment']);
  }, 60_000);

  it('reads scenario files of the project only, and never quotes a file that is not one', async () => {
    const outside = await mcp.call('run_scenario', { file: '/etc/hostname', to: handlers[0]!.url });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/outside the project folder/);
    writeFileSync(join(dataDir, 'notes.json'), 'SECRET-LOOKING TEXT that is not JSON');
    const notJson = await mcp.call('run_scenario', { file: 'notes.json', to: handlers[0]!.url });
    expect(textOf(notJson)).toMatch(/not JSON, so not a Hooklab scenario file/);
    expect(textOf(notJson)).not.toMatch(/SECRET/);
  }, 30_000);

  it('refuses a target the user did not configure, before anything is sent', async () => {
    const r = await mcp.call('run_scenario', { file: scenarioPath, to: 'http://127.0.0.1:9/webhooks' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/not a target you configured/);
  }, 30_000);
});
