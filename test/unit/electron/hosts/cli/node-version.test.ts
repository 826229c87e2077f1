import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode } from '../../../../../electron/hosts/cli/node-version';

const manifest = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

describe("the packed CLI's Node check", () => {
  it("takes its minimum from package.json's engines, the one place it is written", () => {
    expect(`>=${requiredNode()}`).toBe(manifest.engines.node.replace(/\s/g, ''));
  });

  it('refuses a Node older than the minimum by its minor version too, naming the same number', () => {
    const minimum = requiredNode();
    expect(nodeVersionProblem('20.20.0', minimum)).toBe(`hooklab: needs Node ${minimum} or newer (node:sqlite), this is v20.20.0. Install Node ${minimum}+ and run it again.`);
    expect(nodeVersionProblem('22.12.0', '22.13')).toContain('needs Node 22.13 or newer');
    expect(nodeVersionProblem('22.13.0', '22.13')).toBeNull();
    expect(nodeVersionProblem('v24.1.0', '22.13')).toBeNull();
  });
});
