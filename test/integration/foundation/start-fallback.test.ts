import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '../../..');

describe('npm start without a display', () => {
  it('says why in one line and starts the browser host instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-start-'));
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(
      process.execPath,
      [join(root, 'electron/cli/start.mjs'), '--port', '0', '--data-dir', dataDir, '--listener-port', '0'],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const stderr: string[] = [];
      createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
      const url = await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr.join('\n')}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const match = /^Hooklab is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/.exec(line);
          if (match) resolve(match[1]!);
        });
      });
      const fallback = stderr.filter((line) => line.includes('starting the browser host instead'));
      expect(fallback).toHaveLength(1);
      expect(fallback[0]).toContain('there is no display');
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('set-cookie')).toContain('hooklab_token=');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
