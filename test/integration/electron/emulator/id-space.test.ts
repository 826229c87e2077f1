import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/emulator';
import { startStatefulHandler, type StatefulHandler } from '../../../fixtures/stateful-handler';
import { tempDirs } from '../../../support/temp-dirs';

const KEY = 'id-space-key-51c2';
const newDir = tempDirs('hooklab-ids-');
const running: Array<RunningSandbox | StatefulHandler> = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

async function sandboxOf(folder: string, stateFolder: string, handler: StatefulHandler): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ dataDir: join(folder, stateFolder), idSpaceDir: folder, retryDelayMs: 50 });
  running.push(sandbox);
  sandbox.setWebhook(sandbox.defaultStore.storeId, handler.url, KEY);
  return sandbox;
}

const eventIds = (h: StatefulHandler) => h.received.map((r) => String(r.headers['x-svc-event-id']));
const orderIds = (h: StatefulHandler) => h.received.map((r) => String((JSON.parse(r.body.toString()) as { orderId: string }).orderId));

describe('one id space per data folder', () => {
  it('two sandboxes of one folder, running at once and interleaved, never hand out the same event or order id', async () => {
    const folder = newDir();
    const handler = await startStatefulHandler('correct', KEY);
    running.push(handler);
    const app = await sandboxOf(folder, 'sandbox', handler);
    const trigger = await sandboxOf(folder, 'trigger-sandbox', handler);
    for (let i = 0; i < 3; i++) {
      await app.runScenario('3ds-success');
      await trigger.runScenario('3ds-success');
    }
    await Promise.all([app.idle(), trigger.idle()]);
    // A retry repeats its event id with the same event; a collision is one id for two events.
    const eventsById = new Map<string, Set<string>>();
    for (const r of handler.received) {
      const id = String(r.headers['x-svc-event-id']);
      eventsById.set(id, (eventsById.get(id) ?? new Set()).add(r.body.toString()));
    }
    expect([...eventsById].filter(([, bodies]) => bodies.size > 1).map(([id]) => id)).toEqual([]);
    expect(new Set(orderIds(handler)).size).toBe(6);
    expect(handler.received.some((r) => r.status !== 200)).toBe(false);
  });

  it('a folder whose sandboxes counted on their own starts above all they handed out', async () => {
    const folder = newDir();
    // The app's sandbox before the id space: 40 events kept in <folder>/sandbox.
    const before = await startSandbox({ dataDir: join(folder, 'sandbox') });
    before.seedDeliveries(before.defaultStore.storeId, 40);
    await before.close();
    const handler = await startStatefulHandler('correct', KEY);
    running.push(handler);
    const trigger = await sandboxOf(folder, 'trigger-sandbox', handler);
    await trigger.runScenario('3ds-success');
    await trigger.idle();
    expect(Math.min(...eventIds(handler).map(Number))).toBeGreaterThan(40);
  });
});
