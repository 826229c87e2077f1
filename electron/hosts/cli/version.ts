import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root';

/** Hooklab's version, from package.json (the one place it is written). */
export function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}
