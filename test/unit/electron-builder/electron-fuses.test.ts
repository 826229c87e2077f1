import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The `key: value` lines of one top-level block of a YAML file (flat scalars only). */
function yamlBlock(text: string, name: string): Record<string, string> {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trimEnd() === `${name}:`);
  if (start < 0) return {};
  const out: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) break;
    const match = /^\s+([A-Za-z0-9]+):\s*(\S+)\s*$/.exec(line);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

describe('electron-builder.yml', () => {
  const fuses = yamlBlock(readFileSync(root('electron-builder.yml'), 'utf8'), 'electronFuses');

  it('flips the fuses of the security checklist in the packaged app', () => {
    expect(fuses).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableCookieEncryption: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
    });
  });

  it("uses only option names electron-builder's schema knows (a typo would be rejected at packaging)", () => {
    const scheme = JSON.parse(readFileSync(root('node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
      properties: Record<string, unknown>;
      definitions: { FuseOptionsV1: { properties: Record<string, { type: string }> } };
    };
    expect(scheme.properties).toHaveProperty('electronFuses');
    const known = scheme.definitions.FuseOptionsV1.properties;
    for (const [name, value] of Object.entries(fuses)) {
      expect(known[name]?.type, name).toBe('boolean');
      expect(['true', 'false'], name).toContain(value);
    }
  });
});
