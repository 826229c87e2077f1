import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BUILD_TIMEOUT_MS, ensureDesktopBuilt } from '../../../support/desktop-built';

const root = join(import.meta.dirname, '../../../..');

describe('npm start without a display', () => {
  beforeAll(ensureDesktopBuilt, BUILD_TIMEOUT_MS);

  it('says why in one line and starts the browser host instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-start-'));
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'electron/hosts/cli/start/start.ts'), '--ui-port', '0', '--data-dir', dataDir, '--listener-port', '0'],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const stderr: string[] = [];
      createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
      const url = await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr.join('\n')}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const match = /^Hooklab is running at (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)$/.exec(line);
          if (match) resolve(match[1]!);
        });
      });
      const fallback = stderr.filter((line) => line.includes('starting the browser host instead'));
      expect(fallback).toHaveLength(1);
      expect(fallback[0]).toContain('there is no display');
      // The token is in the fragment (never sent), the page itself is served, and the token in
      // the fragment opens the API.
      const page = await fetch(url, { redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
      const token = new URL(url).hash.slice('#token='.length);
      const call = await fetch(new URL('/api/calls/app.status', url), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{}' });
      expect(call.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
