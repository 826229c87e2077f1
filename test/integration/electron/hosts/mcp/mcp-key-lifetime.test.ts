import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_KEY_LABEL } from '../../../../../electron/hosts/mcp/send-policy';
import { startHandler } from '../../../../fixtures/handlers';
import { processExists } from '../../../../support/server-process';
import { tempDirs } from '../../../../support/temp-dirs';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { mcpCommand, startMcp, textOf, type McpSession } from './mcp-process';

const KEY = 'whk_lent_to_mcp_only_while_it_lives_77c1';

/** The Replay keys a running Hooklab lists, by label. */
async function keyLabels(serve: ServeOnFolder): Promise<string[]> {
  const r = await callWith(serve.url, serve.token, 'replay.keys');
  expect(r.status).toBe(200);
  return (r.body as { value: { keys: { label: string }[] } }).value.keys.map((k) => k.label);
}

/** kill -9 of the whole `hooklab mcp` process group (setsid), then wait until it is gone. */
async function killHard(mcp: McpSession): Promise<void> {
  process.kill(-mcp.pid, 'SIGKILL');
  await expect.poll(() => processExists(-mcp.pid), { timeout: 10_000 }).toBe(false);
}

describe("hooklab mcp's HOOKLAB_WEBHOOK_KEY lives only as long as the MCP session", () => {
  const dirs = tempDirs('hooklab-mcp-key-life-');

  it('through a running Hooklab: a kill -9 of hooklab mcp removes its key from the app at once, and it was never stored', async () => {
    const dataDir = dirs();
    const handler = await startHandler('correct', { key: KEY });
    let serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: undefined });
    let mcp: McpSession | null = null;
    try {
      expect((await callWith(serve.url, serve.token, 'replay.addTarget', { url: handler.url })).status).toBe(200);
      mcp = await startMcp(dataDir, mcpCommand(dataDir, [], { HOOKLAB_WEBHOOK_KEY: KEY }));
      const sent = await mcp.call('trigger_event', { eventType: 'SuccessPayment', to: handler.url, orderId: '1' });
      expect(textOf(sent)).toMatch(/signed with key "HOOKLAB_WEBHOOK_KEY of hooklab mcp": answered 200/);
      expect(await keyLabels(serve)).toContain(MCP_KEY_LABEL);

      await killHard(mcp);
      // Its event socket closed with the process: the session ended, and the key with it.
      await expect.poll(() => keyLabels(serve), { timeout: 10_000 }).not.toContain(MCP_KEY_LABEL);

      // Nothing of it was written: a restart of the app finds no such key either.
      await serve.stop();
      serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: undefined });
      expect(await keyLabels(serve)).not.toContain(MCP_KEY_LABEL);
    } finally {
      await mcp?.close();
      await serve.stop();
      await handler.close();
    }
    expect(processExists(-mcp!.pid)).toBe(false);
  }, 90_000);

  it('on a folder it opened itself: after a kill -9 the next Hooklab on the folder holds no key of it', async () => {
    const dataDir = dirs();
    // Free ports, no sandbox: nothing of the defaults 4780-4782.
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ listener: { port: 0 }, sandbox: { enabled: false } }));
    const handler = await startHandler('correct', { key: KEY });
    const mcp = await startMcp(dataDir, mcpCommand(dataDir, ['--allow-target', handler.url], { HOOKLAB_WEBHOOK_KEY: KEY }));
    let serve: ServeOnFolder | null = null;
    try {
      expect(mcp.stderr()).toMatch(/opened here/);
      const sent = await mcp.call('trigger_event', { eventType: 'SuccessPayment', to: handler.url, orderId: '2' });
      expect(textOf(sent)).toMatch(/answered 200/);
      await killHard(mcp);
      serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: undefined });
      expect(await keyLabels(serve)).not.toContain(MCP_KEY_LABEL);
    } finally {
      await mcp.close();
      await serve?.stop();
      await handler.close();
    }
  }, 90_000);
});
