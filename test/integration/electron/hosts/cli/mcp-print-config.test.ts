import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHooklab } from '../../../../support/hooklab-cli';

describe('hooklab mcp --print-config', () => {
  it('prints the configuration that runs this installed hooklab by path, for each client', async () => {
    const cursor = await runHooklab(['mcp', '--print-config', 'cursor', '--data-dir', '/tmp/some folder']);
    expect(cursor.code).toBe(0);
    const server = (JSON.parse(cursor.stdout) as { mcpServers: { hooklab: { command: string; args: string[] } } }).mcpServers.hooklab;
    expect(server.command).toBe(process.execPath);
    expect(isAbsolute(server.args[0]!)).toBe(true);
    expect(server.args[0]).toMatch(/dist\/package\/cli\/hooklab\.js$/);
    expect(server.args.slice(1)).toEqual(['mcp', '--data-dir', '/tmp/some folder']);
    expect(cursor.stderr).toMatch(/\.cursor\/mcp\.json/);

    const claude = await runHooklab(['mcp', '--print-config', 'claude']);
    expect(claude.stdout).toMatch(/^claude mcp add hooklab -- \//);
    expect(claude.stdout).not.toMatch(/npx/);
    const vscode = await runHooklab(['mcp', '--print-config', 'vscode']);
    expect(JSON.parse(vscode.stdout)).toMatchObject({ servers: { hooklab: { type: 'stdio', command: process.execPath } } });

    // A key in the environment of --print-config is never printed: the file gets committed.
    const key = 'whk_print_config_never_printed_5d2a';
    const keyed = await runHooklab(['mcp', '--print-config', 'cursor'], { env: { ...process.env, HOOKLAB_WEBHOOK_KEY: key } });
    expect(keyed.stdout + keyed.stderr).not.toContain(key);
    expect(keyed.stderr).toContain('${env:HOOKLAB_WEBHOOK_KEY}');
    expect(vscode.stderr).toContain('${input:hooklab-webhook-key}');

    const wrong = await runHooklab(['mcp', '--print-config', 'emacs']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/one of claude, cursor, vscode/);
  }, 60_000);
});
