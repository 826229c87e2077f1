import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './helpers';

// The standalone entry: `npm run sandbox -- --json` prints exactly one JSON line.
describe('sandbox CLI', () => {
  let child: ChildProcess | null = null;
  afterEach(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('--json prints one line with the URLs, the control token and the default store, and the server answers', async () => {
    child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'electron/hosts/cli/sandbox.ts', '--json', '--sandbox-port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    const info = JSON.parse(first);
    expect(Object.keys(info).sort()).toEqual(['apiV3Url', 'baseUrl', 'controlToken', 'controlUrl', 'store']);
    expect(Object.keys(info.store).sort()).toEqual(['clientId', 'clientSecret', 'secretKey', 'storeId', 'webhookKey', 'webhookUrl']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.apiV3Url).toBe(`${info.baseUrl}/api/v3`);
    expect(info.controlUrl).toBe(`${info.baseUrl}/_sandbox`);
    const token = await call('POST', `${info.baseUrl}/token`, { body: { clientId: info.store.clientId, clientSecret: info.store.clientSecret } });
    expect(token.status).toBe(200);
    // The control API answers the one who started it (with the printed token), no one else.
    expect((await call('GET', `${info.controlUrl}/scenarios`)).status).toBe(401);
    expect((await call('GET', `${info.controlUrl}/scenarios`, { bearer: info.controlToken })).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const more: string[] = [];
    lines.on('line', (l) => more.push(l));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(more).toEqual([]);
  });
});
