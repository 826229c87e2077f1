import { describe, expect, it } from 'vitest';
import {
  columnsToHide,
  contentWidths,
  keepWidest,
  MAX_UNCUT_CHARS,
  type FitColumn,
} from '../../../../../../renderer/src/components/data-table/content-widths';

// One pixel a character: widths read as character counts (plus 14 px of cell padding).
const measure = (text: string) => text.length;
const col = (id: string, extra = 0): FitColumn<Record<string, string>> => ({
  id,
  header: id,
  text: (r) => r[id] ?? '',
  extra,
  min: 0,
});

describe('content-sized columns', () => {
  it('are as wide as their widest value or header, plus what the cell adds', () => {
    const rows = [
      { type: 'Created', id: '7' },
      { type: 'ThreeDSecureAuthSucceeded', id: '12' },
    ];
    // type: its longest value; id: '12' and a badge's 16 px, wider than its header 'id ▼'.
    expect(contentWidths([col('type'), col('id', 16)], rows, measure)).toEqual([
      25 + 14,
      2 + 16 + 14,
    ]);
    expect(contentWidths([col('type')], [{ type: 'A' }], measure)).toEqual(['type ▼'.length + 14]);
  });

  it('measure a column shown in semibold in semibold (a status, wider than the same text in the regular weight)', () => {
    // Semibold takes two pixels a character here.
    const weighted = (text: string, kind: string) => text.length * (kind === 'bold' ? 2 : 1);
    const rows = [{ handler: 'no answer' }];
    expect(contentWidths([{ ...col('handler'), bold: true }], rows, weighted)).toEqual([18 + 14]);
    expect(contentWidths([col('handler')], rows, weighted)).toEqual(['handler ▼'.length + 14]);
  });

  it('never cut a value of 30 characters or fewer, and stop growing after that', () => {
    const thirty = 'x'.repeat(MAX_UNCUT_CHARS);
    expect(contentWidths([col('v')], [{ v: thirty }], measure)).toEqual([30 + 14]);
    expect(contentWidths([col('v')], [{ v: thirty + 'yyyyyyyy' }], measure)).toEqual([30 + 14]);
  });

  it('measure the widest values, not the longest: ids of invisible characters do not crowd out a wider one', () => {
    // Bidi controls take no width; four long ids made mostly of them come before a wider one.
    const invisible = (text: string) => [...text].filter((ch) => ch !== '\u202E').length;
    const narrow = (n: number) => ({ id: `n${n}` + '\u202E'.repeat(40) });
    const rows = [narrow(1), narrow(2), narrow(3), narrow(4), { id: 'order-1795884573085-wide' }];
    expect(contentWidths([col('id')], rows, invisible)).toEqual(['order-1795884573085-wide'.length + 14]);
  });

  it('in a proportional font, a shorter id of digits is wider than longer ids of narrow letters', () => {
    // Digits take three pixels, letters one: the digits' id is the widest though the shortest.
    const proportional = (text: string) => [...text].reduce((n, ch) => n + (/[0-9]/.test(ch) ? 3 : 1), 0);
    const rows = ['order-id-of-thirty-characters', 'another-narrow-order-id-is-here', 'yet-another-id-made-of-letters', 'the-fourth-id-made-of-letterss']
      .map((id) => ({ id }))
      .concat([{ id: 'e2e-resumable-c-1795884573085' }]);
    expect(contentWidths([col('id')], rows, proportional)).toEqual([proportional('e2e-resumable-c-1795884573085') + 14]);
  });

  it('leave fixed columns alone and only ever grow while shown', () => {
    const fixed = { ...col('check'), text: null };
    expect(contentWidths([fixed], [{}], measure)).toEqual([null]);
    const first = keepWidest(new Map(), ['a', 'b'], [40, 20]);
    expect([...keepWidest(first, ['a', 'b'], [30, 25])]).toEqual([
      ['a', 40],
      ['b', 25],
    ]);
  });
});

describe('columns planned for a sample value', () => {
  it('are as wide from the first row as with the widest value, so the same columns stay shown as content arrives', () => {
    const planned = [
      { ...col('type'), sample: 'ThreeDSecureAuthSucceeded' },
      { ...col('eventId'), sample: '1795874225011' },
    ];
    const few = [{ type: 'Created', eventId: '7' }];
    const more = [...few, { type: 'ThreeDSecureAuthSucceeded', eventId: '1795874225011' }];
    expect(contentWidths(planned, few, measure)).toEqual(contentWidths(planned, more, measure));
    const hidden = (rows: Array<Record<string, string>>) =>
      columnsToHide(
        contentWidths(planned, rows, measure).map((px, i) => ({ id: planned[i]!.id, px: px!, hideOrder: i === 1 ? 1 : undefined })),
        50,
      );
    expect([...hidden(few)]).toEqual([...hidden(more)]);
  });
});
