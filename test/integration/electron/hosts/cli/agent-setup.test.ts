import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooklab } from '../../../../../electron/hosts/cli/hooklab-commands';
import { runHooklab } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';

const count = (text: string, what: string) => text.split(what).length - 1;
const BEGIN = '<!-- BEGIN hooklab agent setup';

describe('hooklab agent setup', () => {
  const dirs = tempDirs('hooklab-agent-setup-');

  it('claude: shows the diff and refuses without --yes off a terminal; with --yes writes once, and again changes nothing', async () => {
    const project = dirs();
    const home = dirs();
    const mcpJson = `${JSON.stringify({ mcpServers: { github: { command: 'gh', args: ['mcp'] } } }, null, 2)}\n`;
    writeFileSync(join(project, '.mcp.json'), mcpJson);
    writeFileSync(join(project, 'CLAUDE.md'), '# Shop\n\nUse pnpm.\n');

    const refused = await runHooklab(['agent', 'setup', 'claude'], { cwd: project, env: { HOME: home } });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/^--- a\/\.mcp\.json\n\+\+\+ b\/\.mcp\.json/);
    expect(refused.stdout).toMatch(/\+\s+"hooklab": \{/);
    expect(refused.stderr).toMatch(/not at a terminal, so nothing was written: .* --yes/);
    expect(readFileSync(join(project, '.mcp.json'), 'utf8')).toBe(mcpJson);
    expect(readFileSync(join(project, 'CLAUDE.md'), 'utf8')).toBe('# Shop\n\nUse pnpm.\n');

    const wrote = await runHooklab(['agent', 'setup', 'claude', '--yes'], { cwd: project, env: { HOME: home } });
    expect(wrote.code, wrote.stderr).toBe(0);
    const again = await runHooklab(['agent', 'setup', 'claude', '--yes'], { cwd: project, env: { HOME: home } });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already set up/);
    const servers = (JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers;
    expect(servers['github']).toEqual({ command: 'gh', args: ['mcp'] });
    expect(servers['hooklab']!.command).toBe(process.execPath);
    expect(servers['hooklab']!.args.slice(1)).toEqual(['mcp']);
    const claudeMd = readFileSync(join(project, 'CLAUDE.md'), 'utf8');
    expect(claudeMd.startsWith('# Shop\n\nUse pnpm.\n')).toBe(true);
    expect(count(claudeMd, BEGIN)).toBe(1);
    // The key is never written; how to give it is said.
    expect(wrote.stderr).toContain('"${HOOKLAB_WEBHOOK_KEY}"');
  }, 60_000);

  it('refuses malformed JSON and writes nothing, not even the instructions', async () => {
    const project = dirs();
    mkdirSync(join(project, '.vscode'));
    writeFileSync(join(project, '.vscode/mcp.json'), '{ "servers": { "a": ');
    const r = await runHooklab(['agent', 'setup', 'vscode', '--yes'], { cwd: project, env: { HOME: dirs() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.vscode\/mcp\.json is not valid JSON .*nothing was written/);
    expect(readFileSync(join(project, '.vscode/mcp.json'), 'utf8')).toBe('{ "servers": { "a": ');
    expect(existsSync(join(project, '.github'))).toBe(false);
  }, 60_000);

  it('refuses a symlinked instructions file or folder and writes nothing through it', async () => {
    const project = dirs();
    const elsewhere = dirs();
    writeFileSync(join(elsewhere, 'notes.md'), 'not the project\n');
    symlinkSync(join(elsewhere, 'notes.md'), join(project, 'AGENTS.md'));
    const r = await runHooklab(['agent', 'setup', 'codex', '--yes'], { cwd: project, env: { HOME: dirs() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/AGENTS\.md is a symbolic link: not written through/);
    expect(readFileSync(join(elsewhere, 'notes.md'), 'utf8')).toBe('not the project\n');
    expect(existsSync(join(project, '.codex'))).toBe(false);

    const other = dirs();
    symlinkSync(elsewhere, join(other, '.cursor'));
    const linkedDir = await runHooklab(['agent', 'setup', 'cursor', '--yes'], { cwd: other, env: { HOME: dirs() } });
    expect(linkedDir.code).toBe(2);
    expect(linkedDir.stderr).toMatch(/\.cursor is a symbolic link/);
    expect(existsSync(join(elsewhere, 'mcp.json'))).toBe(false);
  }, 60_000);

  it('without a name sets up the agents whose files the project has; asks at a terminal and writes on yes', async () => {
    const project = dirs();
    mkdirSync(join(project, '.cursor'));
    writeFileSync(join(project, 'AGENTS.md'), '# Agents\n');
    const out: string[] = [];
    const err: string[] = [];
    const questions: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: { HOME: dirs() }, cwd: project, ask: async (q: string) => (questions.push(q), 'y') };
    expect(await hooklab(['agent', 'setup'], io)).toBe(0);
    expect(questions).toEqual([`Write these 4 changes in ${project}? [y/N] `]);
    expect(JSON.parse(readFileSync(join(project, '.cursor/mcp.json'), 'utf8'))).toHaveProperty('mcpServers.hooklab');
    expect(readFileSync(join(project, '.cursor/rules/hooklab.mdc'), 'utf8')).toMatch(/^---\ndescription/);
    expect(readFileSync(join(project, '.codex/config.toml'), 'utf8')).toMatch(/\[mcp_servers\.hooklab\]/);
    expect(count(readFileSync(join(project, 'AGENTS.md'), 'utf8'), BEGIN)).toBe(1);

    // Declined: nothing changes.
    writeFileSync(join(project, 'AGENTS.md'), '# Agents\n');
    const no = { ...io, ask: async () => 'n' };
    expect(await hooklab(['agent', 'setup', 'codex'], no)).toBe(0);
    expect(readFileSync(join(project, 'AGENTS.md'), 'utf8')).toBe('# Agents\n');
    expect(err.join('')).toMatch(/nothing written/);
  }, 60_000);
});
