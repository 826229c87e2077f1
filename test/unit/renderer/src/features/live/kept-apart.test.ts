import { describe, expect, it } from 'vitest';
import { duplicateRow, keptApartText } from '../../../../../../renderer/src/features/live/kept-apart';

describe('what the Live detail says of an unverified delivery', () => {
  it('an event id never seen before: one statement, no "copy of" an event and no contradicting "no"', () => {
    const d = { unverified: true, eventId: 880001, duplicateOf: null };
    const said = `${keptApartText(d)} ${duplicateRow(d).label}: ${duplicateRow(d).none}`;
    expect(said).not.toMatch(/copy of/i);
    expect(keptApartText(d)).toBe('Unverified delivery carrying event id 880001: never counted as a copy, an attempt or order evidence of a verified delivery.');
    expect(duplicateRow(d)).toEqual({ label: 'Earlier unverified delivery', none: 'none: the first unverified delivery with this event id' });
  });

  it('a verified delivery keeps "Duplicate of"', () => {
    expect(duplicateRow({ unverified: false, eventId: 5, duplicateOf: null })).toEqual({ label: 'Duplicate of', none: 'no' });
  });
});
