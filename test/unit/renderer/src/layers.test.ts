import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The renderer's layer rules as the project's own lint config applies them (eslint.config.js).
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('renderer layers (lint)', () => {
  it('refuses a feature importing another feature, also type-only and re-exports', async () => {
    const file = 'renderer/src/features/replay/Example.tsx';
    expect(await restricted(file, "import { x } from '../live/curl';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restricted(file, "import type { X } from '../history/history-store';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await restricted(file, "export { x } from '../sandbox/sandbox-store';\n")).toHaveLength(1);
    const nested = 'renderer/src/features/sequences/flows/Example.tsx';
    expect(await restricted(nested, "import { x } from '../../sandbox/RunResult';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('lets a feature import its own files and the layers below', async () => {
    const nested = 'renderer/src/features/sequences/flows/Example.tsx';
    const code = [
      "import { a } from '../OrdersView';",
      "import { b } from './flows-store';",
      "import { c } from '../../../app-state/routes';",
      "import { d } from '../../../components/Tabs';",
      "import { e } from '../../../lib/curl';",
      "import { f } from '../../../transport';",
      'export const all = [a, b, c, d, e, f];',
      '',
    ].join('\n');
    expect(await restricted(nested, code)).toEqual([]);
  });

  it('refuses imports upward: the shell or features from below, components from app-state', async () => {
    expect(await restricted('renderer/src/components/Example.tsx', "import { x } from '../shell/App';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/components/data-table/Example.ts', "import type { X } from '../../features/live/live-store';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/app-state/example.ts', "import { x } from '../components/Tabs';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/transport/example.ts', "import { x } from '../app-state/routes';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/lib/example.ts', "import { x } from '../transport';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('still keeps electron and Node out of every layer', async () => {
    expect(await restricted('renderer/src/shell/Example.tsx', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n")).toHaveLength(1);
    expect(await restricted('renderer/src/features/live/Example.tsx', "import { readFileSync } from 'node:fs';\nexport const y = readFileSync;\n")).toHaveLength(1);
  });
});
