import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runStart } from '../../../../../../electron/hosts/cli/start/run-start';
import type { QuietBuild } from '../../../../../../electron/hosts/cli/start/quiet-build';
import { START_OPTIONS } from '../../../../../../electron/hosts/kit/run-options/run-options';
import { serveCommand } from '../../../../../../electron/hosts/cli/commands/serve';
import { optionsOf } from '../../../../../../electron/hosts/cli/framework/command';
import type { CliIo } from '../../../../../../electron/hosts/cli/cli-io';
import { tempDirs } from '../../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-start-');

function captureIo(): CliIo & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', env: {}, out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t) };
  return io;
}

/** A builder that prints like Vite (40 lines), leaves a mark that it ran, and exits with `status`. */
function fakeBuild(status: number): QuietBuild & { ran(): boolean } {
  const mark = join(tempDir(), 'ran');
  const script = `for (let i = 0; i < 40; i++) console.log('vite line ' + i); console.error('the build says why'); require('fs').writeFileSync(${JSON.stringify(mark)}, ''); process.exit(${status});`;
  return { command: process.execPath, args: ['-e', script], cwd: tempDir(), label: 'Building the UI…', ran: () => existsSync(mark) };
}

function launcher(): { launch(argv: readonly string[]): Promise<number>; calls: (readonly string[])[] } {
  const calls: (readonly string[])[] = [];
  return { calls, launch: async (argv) => (calls.push(argv), 0) };
}

describe('npm start', () => {
  it('takes every option of hooklab serve, from the same list', () => {
    const names = (options: readonly { name: string }[]) => options.map((o) => o.name).filter((n) => n !== 'help').sort();
    expect(names(START_OPTIONS)).toEqual(names(optionsOf(serveCommand)));
    expect(names(START_OPTIONS)).toEqual(expect.arrayContaining(['sandbox-port', 'otlp-port', 'no-tracing', 'forward-to', 'ui-port', 'listener-port', 'data-dir', 'save']));
  });

  it('prints --help at once, without building or starting anything', async () => {
    const io = captureIo();
    const build = fakeBuild(0);
    const { launch, calls } = launcher();
    expect(await runStart(['--help'], io, { build, launch })).toBe(0);
    expect(io.stdout).toContain('usage: npm start -- [options]');
    for (const option of ['--sandbox-port N', '--otlp-port N', '--ui-port N', '(formerly --port)', '--listener-port N', '--data-dir DIR', '--save']) expect(io.stdout).toContain(option);
    expect(build.ran()).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses an unknown option before building', async () => {
    const io = captureIo();
    const build = fakeBuild(0);
    const { launch, calls } = launcher();
    expect(await runStart(['--sandbox-prot', '5000'], io, { build, launch })).toBe(2);
    expect(io.stderr).toContain('hooklab: unknown option --sandbox-prot');
    expect(build.ran()).toBe(false);
    expect(calls).toEqual([]);
  });

  it("says one line while building and passes serve's options on to the app", async () => {
    const io = captureIo();
    const build = fakeBuild(0);
    const { launch, calls } = launcher();
    const argv = ['--sandbox-port', '0', '--otlp-port', '0', '--no-sandbox', '--ui-port=0'];
    expect(await runStart(argv, io, { build, launch })).toBe(0);
    expect(build.ran()).toBe(true);
    expect(io.stderr).toBe('Building the UI…\n');
    expect(io.stdout).toBe('');
    expect(calls).toEqual([argv]);
  });

  it("shows the build's whole output when it fails, keeps the log and opens nothing", async () => {
    const io = captureIo();
    const { launch, calls } = launcher();
    expect(await runStart([], io, { build: fakeBuild(1), launch })).toBe(2);
    expect(io.stderr).toContain('vite line 0\n');
    expect(io.stderr).toContain('vite line 39\n');
    expect(io.stderr).toContain('the build says why');
    const log = /Its full log: (.+)$/m.exec(io.stderr)![1]!;
    expect(readFileSync(log, 'utf8')).toContain('vite line 39');
    expect(calls).toEqual([]);
    rmSync(dirname(log), { recursive: true, force: true });
  });

  it('builds nothing when the app is already built', async () => {
    const io = captureIo();
    const { launch, calls } = launcher();
    expect(await runStart(['--listener-port', '0'], io, { build: null, launch })).toBe(0);
    expect(io.stderr).toBe('');
    expect(calls).toHaveLength(1);
  });
});
