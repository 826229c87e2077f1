import type { CheckResult } from '../../../../shared/contract/replay-checks';

/**
 * The checks as the page lists them: failures first (in check order), then passes. In check
 * order the first failure could be the fourth card, below the fold.
 */
export function failuresFirst(checks: readonly CheckResult[]): CheckResult[] {
  return [...checks.filter((c) => !c.passed), ...checks.filter((c) => c.passed)];
}
