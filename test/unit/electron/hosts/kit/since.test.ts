import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../../electron/hosts/kit/input-error';
import { parseSince } from '../../../../../electron/hosts/kit/since';

const root = process.cwd();

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe('parseSince: one rule for every host', () => {
  it('exists once in the app: the terminal and the agent tools import the kit', () => {
    const defining = ['electron', 'shared', 'renderer/src']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => /function parseSince\b|const parseSince\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(defining).toEqual(['electron/hosts/kit/since.ts']);
  });

  it('says what it takes in the voice of the host that asks (--since on the terminal, since for an agent)', () => {
    const now = Date.parse('2026-01-15T12:00:00Z');
    expect(parseSince('15m', now, '--since')).toBe(now - 15 * 60_000);
    expect(() => parseSince('1', now, '--since')).toThrow(new InputError('--since "1": give a duration (30s, 15m, 2h, 3d) or an ISO time (2026-01-15T14:30:00Z)'));
    expect(() => parseSince('yesterday', now)).toThrow(/^since "yesterday": give a duration/);
    expect(() => parseSince('yesterday', now)).toThrow(InputError);
  });
});
