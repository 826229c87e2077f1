import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../../../../electron/hosts/cli/cli-io';
import { commandHelp, runCommand, type CommandSpec } from '../../../../../../electron/hosts/cli/framework/command';
import { CliError } from '../../../../../../electron/hosts/cli/framework/exit-codes';

function io(): CliIo & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', env: {}, out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t) };
  return io;
}

const probe = (run: CommandSpec['run'], extra: Partial<CommandSpec> = {}): CommandSpec => ({
  name: 'probe',
  args: 'URL',
  summary: 'a probe',
  positional: { min: 1, max: 1 },
  options: [{ name: 'listener-port', formerly: 'port', value: 'N', help: "the listener's port" }],
  run,
  ...extra,
});

describe('runCommand', () => {
  it('says an older spelling on stderr, once, and runs with the new name', async () => {
    const out = io();
    const code = await runCommand(probe(async (inv) => (inv.io.out(`${inv.value('listener-port')}\n`), 0)), ['u', '--port', '7'], out);
    expect(code).toBe(0);
    expect(out.stdout).toBe('7\n');
    expect(out.stderr).toBe('hooklab probe: --port is now --listener-port (the old spelling still works)\n');
  });

  it('a CliError from the run: one line and exit 2, with the usage line only for a mistake in the call', async () => {
    const plain = io();
    expect(await runCommand(probe(async () => Promise.reject(new CliError('unreachable'))), ['u'], plain)).toBe(2);
    expect(plain.stderr).toBe('hooklab probe: unreachable\n');
    const usage = io();
    expect(await runCommand(probe(async () => Promise.reject(new CliError('bad URL', { usage: true }))), ['u'], usage)).toBe(2);
    expect(usage.stderr).toBe('hooklab probe: bad URL\nusage: hooklab probe URL [options] (hooklab probe --help lists them)\n');
  });

  it('takes only the common options the command names, and lists them in its help', async () => {
    const spec = probe(async () => 0, { common: ['data-dir'] });
    const out = io();
    expect(await runCommand(spec, ['u', '--config', 'x.json'], out)).toBe(2);
    expect(out.stderr).toMatch(/^hooklab probe: unknown option --config\n/);
    const help = commandHelp(spec);
    expect(help).toContain('--listener-port N');
    expect(help).toContain('(formerly --port)');
    expect(help).toContain('--data-dir DIR');
    expect(help).not.toContain('--config');
    expect(help).not.toContain('--json');
  });
});
