import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../../../electron/emulator/scenarios';
import { sandboxWithReceiver } from './helpers';

/** A scenario job's total is its `events` times the URLs: each scenario must send exactly that many. */
describe('the events each scenario sends', () => {
  let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
  beforeAll(async () => {
    env = await sandboxWithReceiver();
  });
  afterAll(async () => {
    await env?.sb.close();
    await env?.receiver.close();
  });

  it.each(Object.keys(SCENARIOS))('%s sends as many as it declares', async (name) => {
    const result = await env.sb.runScenario(name);
    expect(result.outcomes).toHaveLength(SCENARIOS[name]!.events);
  });
});
