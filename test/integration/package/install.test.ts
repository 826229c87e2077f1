import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedHooklab, run, userEnv } from './packed-project';
import { startStatefulHandler } from '../../fixtures/stateful-handler';
import { startMcp, textOf } from '../electron/hosts/mcp/mcp-process';

/**
 * What a user gets from `npm pack`: the tarball installed into a fresh project from the local
 * file (npm's cache answers the dependencies; --prefer-offline asks the registry only for what
 * the cache lacks), then `npx hooklab` run there on this Node (22+), not the project's tsx.
 * Packed once per run: prepack builds the renderer only when it is stale.
 */
describe('the packed hooklab package', () => {
  let work: string;
  let project: string;
  let installOutput: string;
  const env = userEnv();

  beforeAll(async () => {
    ({ work, project, installOutput } = await installPackedHooklab('hooklab-pack-'));
  }, 300_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs `npx hooklab --help` from the installed JavaScript', async () => {
    const { stdout } = await run('npx', ['--no-install', 'hooklab', '--help'], { cwd: project, env });
    expect(stdout).toMatch(/usage: hooklab <command>/);
    expect(stdout).toMatch(/check-handler/);
  });

  it('runs commands that load the core from the installed dependencies alone (trigger to a handler, events on a data folder)', async () => {
    const handler = await startStatefulHandler('correct', 'package-key');
    try {
      const trigger = await run('npx', ['--no-install', 'hooklab', 'trigger', 'Created', '--to', handler.url, '--data-dir', join(work, 'data')], {
        cwd: project,
        env: { ...env, HOOKLAB_WEBHOOK_KEY: 'package-key' },
      });
      expect(trigger.stdout).toMatch(/Created .* 200/);
      expect(handler.received).toHaveLength(1);
    } finally {
      await handler.close();
    }
    const events = await run('npx', ['--no-install', 'hooklab', 'events', '--data-dir', join(work, 'data'), '--json'], { cwd: project, env });
    expect(events.stdout).toBe('');
  });

  it('runs `npx hooklab` inside Hooklab\'s own checkout too (npm links no project\'s own bin: `npm install` does)', async () => {
    // `npm pack` above ran the checkout's "prepare", which makes the link, and built dist/package.
    const root = join(import.meta.dirname, '../../..');
    const { stdout } = await run('npx', ['--no-install', 'hooklab', 'events', '--help'], { cwd: root, env });
    expect(stdout).toMatch(/usage: hooklab events/);
  });

  it('serves `hooklab mcp` from the installed JavaScript to the SDK\'s own client (its runtime dependencies are enough)', async () => {
    const mcp = await startMcp(join(work, 'mcp-data'), {
      command: 'setsid',
      args: [process.execPath, join(project, 'node_modules/hooklab/dist/package/cli/hooklab.js'), 'mcp', '--data-dir', join(work, 'mcp-data')],
      cwd: project,
    });
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          'check_handler', 'explain_order', 'explain_signature', 'export_har', 'get_delivery', 'get_handler_trace', 'get_order_sequence',
          'history_delivery_urls', 'history_pending', 'list_deliveries', 'list_orders', 'make_regression_test', 'probe_public_url', 'reconcile',
          'replay_delivery', 'resend', 'run_scenario', 'search_docs', 'trigger_event', 'wait_for_delivery',
        ],
      );
      expect(textOf(await mcp.call('list_deliveries', {})).split('\n')).toEqual([expect.stringMatching(/^Untrusted data: /), 'No delivery matches (0 stored).']);
    } finally {
      await mcp.close();
    }
  });

  it('installs without a warning: its manifest holds none of the checkout\'s scripts or build tools', () => {
    expect(installOutput).not.toMatch(/warn/i);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/hooklab/package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['scripts', 'devDependencies', 'allowScripts']) expect(manifest, field).not.toHaveProperty(field);
    expect(manifest).toMatchObject({ bin: { hooklab: 'dist/package/cli/hooklab.js' }, engines: { node: '>=22.13' } });
    // The checkout's own package.json is back after the pack.
    const checkout = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(checkout.scripts).toHaveProperty('prepare');
    expect(existsSync(join(import.meta.dirname, '../../../.package.json.checkout'))).toBe(false);
  });

  it('brings neither Electron, the renderer libraries nor tsx into the project', () => {
    for (const name of ['electron', 'monaco-editor', 'react', 'react-dom', 'tsx', 'zustand', '@monaco-editor', '@tanstack']) {
      expect(existsSync(join(project, 'node_modules', name)), `node_modules/${name}`).toBe(false);
    }
    expect(existsSync(join(project, 'node_modules/hooklab/dist/package/cli/hooklab.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/hooklab/out/renderer/index.html'))).toBe(true);
    // The package ships built JavaScript only, no TypeScript sources.
    expect(existsSync(join(project, 'node_modules/hooklab/electron'))).toBe(false);
  });
});
