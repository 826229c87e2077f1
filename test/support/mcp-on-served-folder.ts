import { rmSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import type { McpSession } from '../integration/electron/hosts/mcp/mcp-process';
import { callWith, type ServeOnFolder } from '../integration/electron/services/instance/serve-on-folder';
import { processExists } from './server-process';

/** What a describe block of `hooklab mcp` tests started on its data folder (filled in by its beforeAll). */
export interface McpOnServedFolder {
  readonly dataDir?: string;
  readonly serve?: ServeOnFolder;
  readonly mcp?: McpSession;
}

/**
 * After all tests of the block: `hooklab mcp` closed (its process group must be gone), `hooklab
 * serve` stopped, the handlers the tests started closed, the data folder removed.
 */
export function mcpAndServeStoppedAfterAll(started: () => McpOnServedFolder, handlers: ReadonlyArray<{ close(): unknown }>): void {
  afterAll(async () => {
    const { dataDir, serve, mcp } = started();
    await mcp?.close();
    await serve?.stop();
    for (const h of handlers) await h.close();
    if (mcp) expect(processExists(-mcp.pid)).toBe(false);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);
}

/** Adds `url` to the served folder's Replay targets, as the user does in Replay (what the agent may send to). */
export async function addReplayTarget(serve: ServeOnFolder, url: string): Promise<void> {
  expect((await callWith(serve.url, serve.token, 'replay.addTarget', { url })).status).toBe(200);
}
