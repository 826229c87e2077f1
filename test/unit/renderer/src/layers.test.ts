import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// What the renderer never imports, as the project's own lint config applies it (eslint.config.js);
// its layers are hooklab/tiers' (test/unit/ci/lint/tiers-rule.test.ts).
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('renderer imports (lint)', () => {
  it('keeps electron and Node out of every layer', async () => {
    expect(await restricted('renderer/src/shell/Example.tsx', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/features/live/Example.tsx', "import { readFileSync } from 'node:fs';\nexport const y = readFileSync;\n")).toHaveLength(1);
  });
});
