import { describe, expect, it } from 'vitest';
import { collapseNotices } from '../../../../../../renderer/src/components/ui/collapse-notices';
import { badgeTone } from '../../../../../../renderer/src/components/ui/badge-tone';

describe('inline notices', () => {
  it('collapse repeats of one kind into one with a count, in order of first appearance', () => {
    const dup = { kind: 'duplicate', tone: 'warn' as const, text: 'event 7 came 5 times' };
    const groups = collapseNotices([
      dup,
      { kind: 'late', tone: 'info', text: 'late' },
      ...Array.from({ length: 6 }, () => ({ ...dup, text: 'another' })),
    ]);
    expect(groups).toEqual([
      { ...dup, count: 7 },
      { kind: 'late', tone: 'info', text: 'late', count: 1 },
    ]);
  });
});

describe('badge tones', () => {
  it('give a verdict, level or state the same colour wherever it is written', () => {
    expect(badgeTone('valid')).toBe('ok');
    expect(badgeTone('invalid')).toBe('error');
    expect(badgeTone('unverified')).toBe('warn');
    expect(badgeTone('duplicate')).toBe('warn');
    expect(badgeTone('PENDING')).toBe('warn');
    expect(badgeTone('Error')).toBe('error');
    expect(badgeTone('something else')).toBe('neutral');
  });
});
