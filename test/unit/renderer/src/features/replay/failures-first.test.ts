import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../../../../shared/contract/replay-checks';
import { failuresFirst } from '../../../../../../renderer/src/features/replay/failures-first';

const check = (id: string, passed: boolean) => ({ id, passed }) as unknown as CheckResult;

describe('failuresFirst', () => {
  it('lists the failed checks first, each group in check order', () => {
    const checks = [check('a', true), check('b', true), check('c', true), check('d', false), check('e', true), check('f', false)];
    expect(failuresFirst(checks).map((c) => c.id)).toEqual(['d', 'f', 'a', 'b', 'c', 'e']);
  });
});
