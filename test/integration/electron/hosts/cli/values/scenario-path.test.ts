import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startStatefulHandler, type StatefulHandler } from '../../../../../fixtures/stateful-handler';
import { runHooklab, startHooklab } from '../../../../../support/hooklab-cli';
import { processesStoppedAfterEach } from '../../../../../support/stopped-processes';
import { tempDirs } from '../../../../../support/temp-dirs';

const KEY = 'scenario-folder-key-77d0';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-scenarios-');
const processes = processesStoppedAfterEach();
const handlers: StatefulHandler[] = [];

afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});

describe("the config's scenarios folder", () => {
  it('takes a bare name for scenario record -o and scenario run, relative to the config file, and names the folder when one is missing', async () => {
    // The project's config names its folder; the commands run from another directory.
    const project = newDir();
    const config = join(project, 'hooklab.config.json');
    writeFileSync(config, JSON.stringify({ scenarios: 'test/scenarios' }));
    const folder = join(project, 'test', 'scenarios');
    const elsewhere = newDir();
    const inElsewhere = { cwd: elsewhere };

    const dataDir = newDir();
    const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0'], env);
    processes.push(listener);
    const url = (await listener.waitFor(/Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/))[1]!;
    expect((await runHooklab(['trigger', 'SuccessPayment', '--to', url, '--data-dir', newDir()], { env })).code).toBe(0);
    await listener.waitFor(/SuccessPayment/);

    const recorded = await runHooklab(['scenario', 'record', '--ids', '1', '-o', 'paid', '--data-dir', dataDir, '--config', config], inElsewhere);
    expect(recorded.stderr).toBe('');
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toContain(`recorded 1 deliveries to ${join(folder, 'paid.json')}`);
    expect(JSON.parse(readFileSync(join(folder, 'paid.json'), 'utf8'))).toMatchObject({ format: 'hooklab-scenario', events: [{ eventType: 'SuccessPayment' }] });
    expect(existsSync(join(elsewhere, 'paid'))).toBe(false);

    const h = await startStatefulHandler('correct', KEY);
    handlers.push(h);
    for (const name of ['paid', 'paid.json']) {
      const run = await runHooklab(['scenario', 'run', name, '--to', h.url, '--speed', 'max', '--data-dir', newDir(), '--config', config], { ...inElsewhere, env });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`1 event from ${join(folder, 'paid.json')}`);
    }
    expect(h.received).toHaveLength(2);

    // A path (any separator) is still a path from the working directory.
    mkdirSync(join(elsewhere, 'here'));
    writeFileSync(join(elsewhere, 'here', 'paid.json'), readFileSync(join(folder, 'paid.json')));
    const byPath = await runHooklab(['scenario', 'run', 'here/paid.json', '--to', h.url, '--speed', 'max', '--data-dir', newDir(), '--config', config], { ...inElsewhere, env });
    expect(byPath.code).toBe(0);
    expect(byPath.stderr).toContain(`from ${join(elsewhere, 'here', 'paid.json')}`);

    const missing = await runHooklab(['scenario', 'run', 'refund', '--to', h.url, '--data-dir', newDir(), '--config', config], { ...inElsewhere, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(`hooklab scenario run: no scenario "refund" in ${folder} (the scenarios folder of ${config})`);
  }, 60_000);
});
