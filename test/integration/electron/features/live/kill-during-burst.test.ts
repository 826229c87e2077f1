import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../../../electron/services/data/database';
import { processExists, spawnServer } from '../../../../support/server-process';

const KEY = 'crash-test-key';

function postOnce(agent: Agent, url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Length': body.length, 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64') },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('kill -9 during a burst', () => {
  it('keeps every delivery that was answered 2xx, with the same body hash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-crash-'));
    // The server itself (node with tsx as a loader), in its own process group: the kill below
    // hits the process that holds the database, not a wrapper.
    const server = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0', '--data-dir', dataDir], {
      env: { HOOKLAB_WEBHOOK_KEY: KEY },
    });
    try {
      const listener = (await server.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;

      const answered = new Map<string, number>();
      const agent = new Agent({ keepAlive: true, maxSockets: 32 });
      let sent = 0;
      let kill: Promise<void> | null = null;
      const killAfter = 400;
      const worker = async (): Promise<void> => {
        while (!kill) {
          const n = sent++;
          const body = Buffer.from(JSON.stringify({ orderId: `o-${n}`, orderType: 'FULL', description: 'burst', level: 'Info', type: 'Created', n, pad: 'x'.repeat(n % 500) }));
          try {
            const status = await postOnce(agent, listener, body);
            if (status >= 200 && status < 300) answered.set(createHash('sha256').update(body).digest('hex'), n);
          } catch {
            return; // the host is gone
          }
          if (answered.size >= killAfter && !kill) kill = server.killGroup('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      await kill;
      agent.destroy();
      // The server process itself is gone (not only a wrapper): no signal can reach it.
      expect(processExists(server.pid)).toBe(false);
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(answered.size).toBeGreaterThanOrEqual(killAfter);

      const db = openDatabase(join(dataDir, 'hooklab.db'));
      const stored = new Set(
        (db.prepare('SELECT body_sha256 FROM received_deliveries').all() as Array<{ body_sha256: string }>).map((r) => r.body_sha256),
      );
      db.close();
      const missing = [...answered.keys()].filter((hash) => !stored.has(hash));
      expect(missing).toEqual([]);
    } finally {
      await server.killGroup('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
