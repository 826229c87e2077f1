import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../../../../electron/core/context';
import type { Invocation } from '../../../../../../electron/hosts/cli/framework/command';
import { CliError } from '../../../../../../electron/hosts/cli/framework/exit-codes';
import { createOutput } from '../../../../../../electron/hosts/cli/framework/output';
import { startAppRun, type AppRun } from '../../../../../../electron/hosts/cli/listening/app-run';
import { InputError } from '../../../../../../electron/hosts/kit/input-error';
import { parseOptions } from '../../../../../../electron/hosts/kit/options';
import { closedAfterEach } from '../../../../../support/closed-after-each';
import { tempDirs } from '../../../../../support/temp-dirs';

const newDir = tempDirs('hooklab-app-run-');
const closeAfter = closedAfterEach();

function invocation(): { inv: Invocation; written: () => string } {
  let text = '';
  const io = { out: (t: string) => void (text += t), err: (t: string) => void (text += t), env: {}, colors: false };
  return { inv: { ...parseOptions([], []), io, out: createOutput(io, false) }, written: () => text };
}

/** Every port chosen by the system, and nothing this test does not look at. */
const ownPorts = (ctx: CoreContext) => ctx.config.settings.update({ listener: { port: 0 }, sandbox: { enabled: false }, tracing: { enabled: false } });

function run(kind: AppRun['kind'], dataDir: string, options: AppRun['options'] = ownPorts): AppRun {
  return { kind, dataDir, save: false, projectConfigPath: undefined, options, quiet: kind === 'listen', refusalIsUsage: kind === 'serve' };
}

describe("serve and listen's one start-up (startAppRun)", () => {
  it('holds the folder with the run-only options and starts its core; a second serve or listen on it is refused, naming the holder', async () => {
    const dataDir = newDir();
    const { folder, core } = await startAppRun(invocation().inv, run('listen', dataDir));
    closeAfter(folder);
    expect(core.ctx.runtime.status.get().listener.state).toBe('listening');
    await expect(startAppRun(invocation().inv, run('serve', dataDir))).rejects.toThrow(CliError);
    await expect(startAppRun(invocation().inv, run('serve', dataDir))).rejects.toThrow(/in use by another Hooklab \(listen, pid \d+/);
  });

  it("says an option the start refused: serve's with its usage line, listen's as it is", async () => {
    const refuse = () => {
      throw new InputError('--otlp-port must be a port number 0-65535');
    };
    const serve = await startAppRun(invocation().inv, run('serve', newDir(), refuse)).catch((error: unknown) => error);
    expect(serve).toBeInstanceOf(CliError);
    expect(serve).toMatchObject({ message: '--otlp-port must be a port number 0-65535', options: { usage: true } });
    const listen = await startAppRun(invocation().inv, run('listen', newDir(), refuse)).catch((error: unknown) => error);
    expect(listen).toBeInstanceOf(InputError);
    expect(listen).toMatchObject({ message: '--otlp-port must be a port number 0-65535', options: {} });
  });
});
