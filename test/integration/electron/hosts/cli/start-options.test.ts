import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { processExists } from '../../../../support/server-process';
import { freePort } from '../../../../support/free-port';
import { tempDirs } from '../../../../support/temp-dirs';

const root = join(import.meta.dirname, '../../../../..');
const START = join(root, 'electron/hosts/cli/start.mjs');
const tempDir = tempDirs('hooklab-start-options-');

/** `npm start`'s script without a display, so it runs the browser host (start-fallback.test.ts). */
function noDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

describe('npm start options', () => {
  it('--help documents --ui-port (formerly --port), --listener-port, --data-dir and --save', () => {
    const result = spawnSync(process.execPath, [START, '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    for (const option of ['--ui-port N', 'formerly --port N', '--listener-port N', '--data-dir DIR', '--save']) expect(result.stdout).toContain(option);
    expect(result.stdout).toContain('without it they apply to this run only');
  });

  it('refuses an option it does not document, before starting anything', () => {
    // --no-sandbox would reach Chromium as its own switch: never passed on.
    const result = spawnSync(process.execPath, [START, '--no-sandbox'], { encoding: 'utf8', env: noDisplay() });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('hooklab: unknown option --no-sandbox');
  });

  it.each(['--ui-port', '--port'])('passes %s, --listener-port and --data-dir to the Hooklab it starts', async (uiPort) => {
    const dataDir = tempDir();
    const [port, listenerPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [START, uiPort, String(port), '--listener-port', String(listenerPort), '--data-dir', dataDir], {
      cwd: root,
      env: noDisplay(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid!;
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const check = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Hooklab is running at')) resolve();
        };
        child.stdout!.on('data', check);
        child.stderr!.on('data', check);
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect(output).toContain(`Hooklab is running at http://127.0.0.1:${port}/#token=`);
      const status = await connectToRunningInstance(dataDir)!.call('app.status', {});
      expect(status.host.dataDir).toBe(dataDir);
      expect(status.listener.port).toBe(listenerPort);
      // The old spelling still works, and says the new one.
      if (uiPort === '--port') expect(output).toContain('hooklab serve: --port is now --ui-port (the old spelling still works)');
      else expect(output).not.toContain('is now');
    } finally {
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      process.kill(-pid, 'SIGTERM');
      await exited;
      while (processExists(-pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
