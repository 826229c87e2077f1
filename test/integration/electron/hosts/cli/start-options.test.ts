import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { BUILD_TIMEOUT_MS, ensureDesktopBuilt } from '../../../../support/desktop-built';
import { spawnServer } from '../../../../support/server-process';
import { freePort } from '../../../../support/free-port';
import { tempDirs } from '../../../../support/temp-dirs';

const root = join(import.meta.dirname, '../../../../..');
const START = join(root, 'electron/hosts/cli/start/start.ts');
const tempDir = tempDirs('hooklab-start-options-');

/** Without a display `npm start` runs the browser host (start-fallback.test.ts). */
const NO_DISPLAY = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };

describe('npm start options', () => {
  it('answers --help through the npm script at once: no build, no Vite output', () => {
    const result = spawnSync('npm', ['start', '--silent', '--', '--help'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...NO_DISPLAY } });
    expect(result.stderr).toBe('');
    expect(result.stdout.startsWith('usage: npm start -- [options]')).toBe(true);
    for (const option of ['--sandbox-port N', '--otlp-port N', '--ui-port N', '(formerly --port)', '--listener-port N', '--data-dir DIR', '--save']) expect(result.stdout).toContain(option);
    expect(result.status).toBe(0);
  });

  it('refuses an option serve does not take, before building anything', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', START, '--sandbox-prot', '1'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('hooklab: unknown option --sandbox-prot');
    expect(result.stderr).not.toContain('Building');
  });

  describe('with the app built', () => {
    beforeAll(ensureDesktopBuilt, BUILD_TIMEOUT_MS);

    it.each(['--ui-port', '--port'])('passes %s, --listener-port, --sandbox-port, --otlp-port and --data-dir to the Hooklab it starts', async (uiPort) => {
      const dataDir = tempDir();
      const [port, listenerPort, sandboxPort, otlpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
      const args = [uiPort, String(port), '--listener-port', String(listenerPort), '--sandbox-port', String(sandboxPort), '--otlp-port', String(otlpPort), '--data-dir', dataDir];
      const server = spawnServer(START, args, { env: NO_DISPLAY });
      try {
        await server.waitFor(/Hooklab is running at/);
        expect(server.output()).toContain(`Hooklab is running at http://127.0.0.1:${port}/#token=`);
        // A build this start needed (another test file may have cleaned out/) said in one line, without Vite's output.
        expect(server.output()).not.toMatch(/vite|transforming|built in/i);
        const status = await connectToRunningInstance(dataDir)!.call('app.status', {});
        expect(status.host.dataDir).toBe(dataDir);
        expect(status.listener.port).toBe(listenerPort);
        expect(status.sandbox.baseUrl).toContain(`:${sandboxPort}`);
        expect(status.tracing.endpoint).toContain(`:${otlpPort}`);
        // The old spelling still works, and says the new one.
        if (uiPort === '--port') expect(server.output()).toContain('hooklab serve: --port is now --ui-port (the old spelling still works)');
        else expect(server.output()).not.toContain('is now');
      } finally {
        await server.killGroup('SIGTERM');
      }
    });
  });
});
