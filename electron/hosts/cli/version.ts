import { readFileSync } from 'node:fs';

/** Hooklab's version, from package.json (the one place it is written). */
export function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}
