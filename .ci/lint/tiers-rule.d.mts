import type { Rule } from 'eslint';

export interface TierPlace {
  readonly tier: 'hosts' | 'core' | 'features' | 'services' | 'emulator' | 'shared' | 'renderer' | 'other';
  readonly unit?: string;
}
export function tierOf(path: string): TierPlace;
export function tierViolation(from: string, to: string): string | null;
export const tiersRule: Rule.RuleModule;
