import { describe, expect, it } from 'vitest';
import { CliError } from '../../../../../../electron/hosts/cli/framework/exit-codes';
import { withInstructions } from '../../../../../../electron/hosts/cli/agent/instructions';
import { unifiedDiff } from '../../../../../../electron/hosts/cli/agent/line-diff';
import { mergeCodexToml, mergeJsonServers } from '../../../../../../electron/hosts/cli/agent/mcp-file';

const launch = { node: '/usr/bin/node', bin: '/p/node_modules/hooklab/dist/package/cli/hooklab.js', args: ['mcp'] };
const count = (text: string, what: string) => text.split(what).length - 1;

describe('the MCP file agent setup writes', () => {
  it('adds hooklab beside the other servers and keys, keeping the env the user gave it', () => {
    const before = JSON.stringify({ inputs: [{ id: 'k' }], servers: { github: { command: 'gh' }, hooklab: { command: 'old', env: { HOOKLAB_WEBHOOK_KEY: '${input:k}' } } } });
    const after = JSON.parse(mergeJsonServers(before, 'vscode', launch, '.vscode/mcp.json'));
    expect(after.inputs).toEqual([{ id: 'k' }]);
    expect(after.servers.github).toEqual({ command: 'gh' });
    expect(after.servers.hooklab).toEqual({ type: 'stdio', command: '/usr/bin/node', args: [launch.bin, 'mcp'], env: { HOOKLAB_WEBHOOK_KEY: '${input:k}' } });
    expect(JSON.parse(mergeJsonServers(null, 'cursor', launch, '.cursor/mcp.json'))).toEqual({ mcpServers: { hooklab: { command: '/usr/bin/node', args: [launch.bin, 'mcp'] } } });
  });

  it('refuses malformed JSON, comments included, and a servers key that is not an object', () => {
    expect(() => mergeJsonServers('{ "mcpServers": { ', 'claude', launch, '.mcp.json')).toThrow(CliError);
    expect(() => mergeJsonServers('// mine\n{}', 'vscode', launch, '.vscode/mcp.json')).toThrow(/not valid JSON/);
    expect(() => mergeJsonServers('[]', 'claude', launch, '.mcp.json')).toThrow(/not a JSON object/);
    expect(() => mergeJsonServers('{"mcpServers": []}', 'claude', launch, '.mcp.json')).toThrow(/"mcpServers" is not an object/);
  });

  it("Codex's TOML: one hooklab table between markers, other tables kept, a hand-written one replaced (its extra keys kept)", () => {
    const before = ['model = "o4"', '', '[mcp_servers.github]', 'command = "gh"', '', '[mcp_servers.hooklab]', 'command = "old"', 'args = ["x"]', 'env_vars = ["HOOKLAB_WEBHOOK_KEY"]', '', '[mcp_servers.hooklab.env]', 'A = "1"', '', '[profiles.x]', 'model = "y"', ''].join('\n');
    const once = mergeCodexToml(before, launch, '.codex/config.toml');
    expect(count(once, '[mcp_servers.hooklab]')).toBe(1);
    expect(once).toContain('[mcp_servers.github]\ncommand = "gh"');
    expect(once).toContain('[mcp_servers.hooklab.env]\nA = "1"');
    expect(once).toContain('[profiles.x]\nmodel = "y"');
    expect(once).not.toContain('command = "old"');
    expect(once).toMatch(/# BEGIN hooklab agent setup.*\n\[mcp_servers\.hooklab\]\ncommand = "\/usr\/bin\/node"\nargs = \["\/p\/node_modules\/hooklab\/dist\/package\/cli\/hooklab\.js", "mcp"\]\nenv_vars = \["HOOKLAB_WEBHOOK_KEY"\]\n# END hooklab agent setup/);
    // Again, with another node: the block is replaced in place, nothing else moves.
    const twice = mergeCodexToml(once, { ...launch, node: '/opt/node' }, '.codex/config.toml');
    expect(count(twice, '# BEGIN hooklab agent setup')).toBe(1);
    expect(twice.replace('/opt/node', '/usr/bin/node')).toBe(once);
    expect(() => mergeCodexToml('mcp_servers.hooklab.command = "x"\n', launch, 'c.toml')).toThrow(/does not edit/);
  });
});

describe('the instructions block', () => {
  it('is added once after what the file holds, and replaced in place when run again', () => {
    const mine = '# My project\n\nUse pnpm.\n';
    const once = withInstructions('claude', mine, 'CLAUDE.md');
    expect(once.startsWith(mine)).toBe(true);
    const edited = once.replace('## Debugging webhooks with Hooklab', '## Edited by hand') + '\nMore of mine.\n';
    const twice = withInstructions('claude', edited, 'CLAUDE.md');
    expect(count(twice, '<!-- BEGIN hooklab agent setup')).toBe(1);
    expect(twice).not.toContain('Edited by hand');
    expect(twice.endsWith('\nMore of mine.\n')).toBe(true);
    expect(withInstructions('claude', twice, 'CLAUDE.md')).toBe(twice);
    expect(twice).toMatch(/wait_for_delivery[\s\S]*explain_order[\s\S]*check_handler[\s\S]*replay_delivery[\s\S]*Never paste/);
  });

  it("a new Cursor rule gets the rule's front matter; a half block is refused", () => {
    expect(withInstructions('cursor', null, '.cursor/rules/hooklab.mdc')).toMatch(/^---\ndescription: Debugging webhooks with Hooklab\nalwaysApply: true\n---\n\n<!-- BEGIN/);
    expect(() => withInstructions('codex', 'x\n<!-- BEGIN hooklab agent setup: old\nno end\n', 'AGENTS.md')).toThrow(/not one pair/);
  });
});

describe('the diff shown before writing', () => {
  it('shows the one changed stretch with context, and a new file from /dev/null', () => {
    expect(unifiedDiff('a.md', '1\n2\n3\n4\n5\n6\n7\n8\n', '1\n2\n3\n4\nX\n6\n7\n8\n')).toBe('--- a/a.md\n+++ b/a.md\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n');
    expect(unifiedDiff('n.md', null, 'a\nb\n')).toBe('--- /dev/null\n+++ b/n.md\n@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(unifiedDiff('s.md', 'same\n', 'same\n')).toBe('');
  });
});
