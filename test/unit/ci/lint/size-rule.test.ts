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

/**
 * A function of `counted` lines as max-lines-per-function counts them (its first and last line
 * included), with blank lines and comments between that the rule must not count.
 */
function functionOf(counted: number, shape: 'declaration' | 'iife'): string {
  const body = Array.from({ length: counted - 4 }, (_, i) => `  total += ${i};\n\n  // step ${i}`);
  const inner = [`  let total = 0;`, ...body].join('\n');
  return shape === 'declaration'
    ? `export function probe(): number {\n${inner}\n  return total;\n}\n`
    : `export const probe = (() => {\n${inner}\n  return total;\n})();\n`;
}

async function functionErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

describe('max-lines-per-function', () => {
  it('refuses a function of 121 counted lines and takes one of 120, blank lines and comments not counted', async () => {
    for (const file of ['electron/services/data/probe.ts', 'shared/text/probe.ts', 'renderer/src/lib/probe.ts']) {
      expect(await functionErrors(file, functionOf(121, 'declaration'))).toEqual([expect.stringContaining('too many lines (121). Maximum allowed is 120')]);
      expect(await functionErrors(file, functionOf(120, 'declaration'))).toEqual([]);
    }
  });

  it('counts an immediately-invoked function too', async () => {
    expect(await functionErrors('electron/services/data/probe.ts', functionOf(121, 'iife'))).toEqual([expect.stringContaining('(121)')]);
    expect(await functionErrors('electron/services/data/probe.ts', functionOf(120, 'iife'))).toEqual([]);
  });

  it('leaves tests alone', async () => {
    expect(await functionErrors('test/unit/shared/probe.test.ts', functionOf(300, 'declaration'))).toEqual([]);
  });
});
