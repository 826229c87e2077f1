import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import { runHooklab, startHooklab } from '../../../../support/hooklab-cli';
import { processesStoppedAfterEach } from '../../../../support/stopped-processes';
import { tempDirs } from '../../../../support/temp-dirs';
import { startServeOn } from '../../services/instance/serve-on-folder';

const KEY = 'forward-allowance-key-2b9c';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-forward-allow-');
const processes = processesStoppedAfterEach();
const handlers: TestHandler[] = [];
afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});

/**
 * A handler reached through http://0.0.0.0:PORT: Linux connects that address to this machine,
 * yet it is not a loopback host, so it stands for "another host" without any traffic leaving.
 */
async function offMachineHandler(): Promise<{ handler: TestHandler; url: string }> {
  const handler = await startHandler('correct', { key: KEY });
  handlers.push(handler);
  return { handler, url: `http://0.0.0.0:${new URL(handler.url).port}/webhooks` };
}

/** A repository's hooklab.config.json whose routes send every event to `url`. */
function configRouting(url: string): string {
  const file = join(newDir(), 'hooklab.config.json');
  writeFileSync(file, JSON.stringify({ routes: { '*': [url] } }));
  return file;
}

describe('forwarding follows the one target policy: loopback unless the user allowed it', () => {
  it('listen refuses a config naming a target off this machine, says which and how to allow it, and --save keeps nothing', async () => {
    const { handler, url } = await offMachineHandler();
    const dataDir = newDir();
    const r = await runHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', '--config', configRouting(url), '--save'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(url);
    expect(r.stderr).toMatch(/not on this machine\. Pass --allow-non-loopback/);
    const settings = join(dataDir, 'settings.json');
    if (existsSync(settings)) expect(readFileSync(settings, 'utf8')).not.toContain('0.0.0.0');
    expect(handler.received).toHaveLength(0);
  }, 30_000);

  it('listen --forward-to another host is refused the same way', async () => {
    const { url } = await offMachineHandler();
    const r = await runHooklab(['listen', '--data-dir', newDir(), '--listener-port', '0', '--forward-to', url], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--forward-to forwards real webhooks to http:\/\/0\.0\.0\.0:\d+\/webhooks, not on this machine/);
  }, 30_000);

  it('listen --allow-non-loopback forwards there', async () => {
    const { handler, url } = await offMachineHandler();
    const p = startHooklab(['listen', '--data-dir', newDir(), '--listener-port', '0', '--config', configRouting(url), '--allow-non-loopback'], env);
    processes.push(p);
    const listener = (await p.waitFor(/Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/))[1]!;
    expect((await runHooklab(['trigger', 'Created', '--to', listener, '--data-dir', newDir()], { env })).code).toBe(0);
    await p.waitFor(/-> http:\/\/0\.0\.0\.0:\d+\/webhooks 200/);
    expect(handler.received).toHaveLength(1);
  }, 30_000);

  it('a later serve does not forward to a target saved off this machine without the opt-in, and says so', async () => {
    const { handler, url } = await offMachineHandler();
    const dataDir = newDir();
    // What `listen --save` wrote before this rule (or a hand edit): a target nobody allowed.
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ listener: { forwardTargets: [url] } }));
    const serve = await startServeOn(dataDir, [], { ...process.env, ...env });
    try {
      await serve.process.waitFor(/not forwarding to http:\/\/0\.0\.0\.0:\d+\/webhooks: not on this machine and not allowed/);
      const listener = (await serve.process.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
      expect((await runHooklab(['trigger', 'Created', '--to', listener, '--data-dir', newDir()], { env })).code).toBe(0);
      await serve.process.waitFor(/-> http:\/\/0\.0\.0\.0:\d+\/webhooks.*not forwarded|not forwarded: 0\.0\.0\.0:\d+ is not on this machine/);
      expect(handler.received).toHaveLength(0);
    } finally {
      await serve.stop();
    }
  }, 60_000);

  it('trigger follows the same policy: a target allowed in the data folder needs no flag; the config alone allows nothing', async () => {
    const { handler, url } = await offMachineHandler();
    const refused = await runHooklab(['trigger', 'Created', '--config', configRouting(url), '--data-dir', newDir()], { env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/--allow-non-loopback/);
    const dataDir = newDir();
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ listener: { allowedTargets: [url] } }));
    const sent = await runHooklab(['trigger', 'Created', '--config', configRouting(url), '--data-dir', dataDir], { env });
    expect(sent.code).toBe(0);
    expect(handler.received).toHaveLength(1);
  }, 30_000);
});
