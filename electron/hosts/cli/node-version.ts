import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root';

/** The oldest Node the package runs on, from package.json's `engines.node` (">=22.13"): the one place it is written. */
export function requiredNode(root: string = packageRoot()): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  const range = manifest.engines?.node ?? '';
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim())?.[1];
  if (!minimum) throw new Error(`package.json engines.node is "${range}": expected ">=MAJOR.MINOR"`);
  return minimum;
}

/** What to tell the user when `version` ("20.20.0") is older than `minimum` ("22.13"); null when it will do. */
export function nodeVersionProblem(version: string, minimum: string): string | null {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    const [h, n] = [have[i] ?? 0, need[i] ?? 0];
    if (h > n) return null;
    if (h < n) return `hooklab: needs Node ${minimum} or newer (node:sqlite), this is v${version.replace(/^v/, '')}. Install Node ${minimum}+ and run it again.`;
  }
  return null;
}
