import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The project's own ESLint configuration keeps source files small (docs/architecture.md). */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function sizeErrors(filePath: string, lines: number): Promise<string[]> {
  const code = Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('max-lines', () => {
  it('refuses a source file over 400 lines, in the main process, shared and the renderer', async () => {
    for (const file of ['electron/services/data/probe.ts', 'shared/text/probe.ts', 'renderer/src/lib/probe.ts']) {
      expect(await sizeErrors(file, 401)).toEqual([expect.stringContaining('Maximum allowed is 400')]);
      expect(await sizeErrors(file, 400)).toEqual([]);
    }
  });

  it('leaves tests alone', async () => {
    expect(await sizeErrors('test/unit/shared/probe.test.ts', 900)).toEqual([]);
  });
});
