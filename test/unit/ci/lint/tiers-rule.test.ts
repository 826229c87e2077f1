import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The project's own ESLint configuration, run on code placed at real source paths: the tiers of
 * docs/architecture.md hold for every kind of import, and moving up a tier is an error.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function tierErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'hooklab/tiers').map((m) => m.message);
}

describe('hooklab/tiers', () => {
  it('refuses a feature importing another feature, type-only, re-exported or dynamic', async () => {
    const file = 'electron/features/live/listener/probe.ts';
    expect(await tierErrors(file, "import type { X } from '../../history/feature';\nexport type Y = X;\n")).toEqual([
      expect.stringContaining('a feature never imports another feature (features/live -> features/history)'),
    ]);
    expect(await tierErrors(file, "export { x } from '../../replay/feature';\n")).toHaveLength(1);
    expect(await tierErrors(file, "export const m = import('../../sequences/feature');\n")).toHaveLength(1);
    expect(await tierErrors(file, "export type T = import('../../flows/feature').X;\n")).toHaveLength(1);
  });

  it('refuses imports up the tiers', async () => {
    expect(await tierErrors('electron/services/data/probe.ts', "import type { X } from '../../features/live/feature';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await tierErrors('electron/services/data/probe.ts', "import type { X } from '../../core/core';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await tierErrors('electron/features/history/probe.ts', "import type { X } from '../../core/core';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await tierErrors('electron/core/probe.ts', "import type { X } from '../hosts/cli/args';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await tierErrors('shared/text/probe.ts', "import type { X } from '../../electron/services/data/database';\nexport type Y = X;\n")).toHaveLength(1);
  });

  it('refuses a host other than the CLI importing hosts/cli; what hosts share is the kit', async () => {
    expect(await tierErrors('electron/hosts/desktop/probe.ts', "import { x } from '../cli/data-dir';\nexport const y = x;\n")).toEqual([
      expect.stringContaining('only the CLI imports hosts/cli (hosts/desktop -> hosts/cli)'),
    ]);
    expect(await tierErrors('electron/hosts/mcp/probe.ts', "import type { X } from '../cli/framework/session';\nexport type Y = X;\n")).toHaveLength(1);
    expect(await tierErrors('electron/hosts/browser/probe.ts', "export const m = import('../cli/hooklab-commands');\n")).toHaveLength(1);
    expect(await tierErrors('electron/hosts/cli/commands/probe.ts', "import { x } from '../framework/session';\nexport const y = x;\n")).toEqual([]);
    expect(await tierErrors('electron/hosts/desktop/probe.ts', "import { x } from '../kit/data-dir';\nexport const y = x;\n")).toEqual([]);
    expect(await tierErrors('electron/hosts/cli/probe.ts', "import { x } from '../kit/options';\nexport const y = x;\n")).toEqual([]);
  });

  it('keeps the emulator apart: only features/sandbox runs it, and it reaches only platform-level services', async () => {
    expect(await tierErrors('electron/features/flows/probe.ts', "import { x } from '../../emulator/cards';\nexport const y = x;\n")).toHaveLength(1);
    expect(await tierErrors('electron/features/sandbox/probe.ts', "import { x } from '../../emulator/index';\nexport const y = x;\n")).toEqual([]);
    expect(await tierErrors('electron/emulator/probe.ts', "import { x } from '../services/data/database';\nexport const y = x;\n")).toHaveLength(1);
    expect(await tierErrors('electron/emulator/probe.ts', "import { x } from '../services/platform/clock';\nexport const y = x;\n")).toEqual([]);
  });

  it('allows every downward import', async () => {
    expect(await tierErrors('electron/hosts/cli/probe.ts', "import { a } from '../../core/core';\nimport { b } from '../../features/replay/feature';\nexport const c = [a, b];\n")).toEqual([]);
    expect(await tierErrors('electron/features/live/probe.ts', "import { a } from '../../services/data/database';\nimport { b } from './listener/judge';\nimport { c } from '../../../shared/text/plural';\nexport const d = [a, b, c];\n")).toEqual([]);
  });

  describe('in the renderer (shell > features > components > app-state > transport, lib)', () => {
    it('refuses a feature importing another feature, also type-only, re-exported and from a nested folder', async () => {
      const file = 'renderer/src/features/replay/Example.tsx';
      expect(await tierErrors(file, "import { x } from '../live/curl';\nexport const y = x;\n")).toEqual([
        expect.stringContaining('a feature never imports another feature (features/replay -> features/live)'),
      ]);
      expect(await tierErrors(file, "import type { X } from '../history/history-store';\nexport type Y = X;\n")).toHaveLength(1);
      expect(await tierErrors(file, "export { x } from '../sandbox/sandbox-store';\n")).toHaveLength(1);
      const nested = 'renderer/src/features/sequences/flows/Example.tsx';
      expect(await tierErrors(nested, "import { x } from '../../sandbox/RunResult';\nexport const y = x;\n")).toHaveLength(1);
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
        "import { g } from '../../../../../shared/text/plural';",
        'export const all = [a, b, c, d, e, f, g];',
        '',
      ].join('\n');
      expect(await tierErrors(nested, code)).toEqual([]);
      expect(await tierErrors('renderer/src/main.tsx', "import { a } from './shell/App';\nexport const b = a;\n")).toEqual([]);
    });

    it('refuses imports upward: the shell or features from below, components from app-state, transport and lib from each other', async () => {
      expect(await tierErrors('renderer/src/components/Example.tsx', "import { x } from '../shell/App';\nexport const y = x;\n")).toHaveLength(1);
      expect(await tierErrors('renderer/src/components/data-table/Example.ts', "import type { X } from '../../features/live/live-store';\nexport type Y = X;\n")).toHaveLength(1);
      expect(await tierErrors('renderer/src/app-state/example.ts', "import { x } from '../components/Tabs';\nexport const y = x;\n")).toHaveLength(1);
      expect(await tierErrors('renderer/src/transport/example.ts', "import { x } from '../app-state/routes';\nexport const y = x;\n")).toHaveLength(1);
      expect(await tierErrors('renderer/src/lib/example.ts', "import { x } from '../transport';\nexport const y = x;\n")).toEqual([
        expect.stringContaining('side by side'),
      ]);
      expect(await tierErrors('renderer/src/transport/example.ts', "export const m = import('../lib/curl');\n")).toHaveLength(1);
    });

    it('keeps electron/ out of the renderer', async () => {
      expect(await tierErrors('renderer/src/lib/example.ts', "import { x } from '../../../electron/services/data/database';\nexport const y = x;\n")).toHaveLength(1);
    });
  });
});
