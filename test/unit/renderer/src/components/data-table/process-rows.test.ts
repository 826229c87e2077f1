import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import { processRows } from '../../../../../../renderer/src/components/data-table/process-rows';
import { createRowSearch } from '../../../../../../renderer/src/components/data-table/filters';

interface Item {
  id: number;
  type: string | null;
  flags: string;
}
const columns: Array<ColumnDef<Item, unknown>> = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'type', header: 'Type', meta: { filter: 'text' } },
  { id: 'level', accessorFn: (i) => (i.id % 2 ? 'Info' : 'Error'), meta: { filter: { options: ['Info', 'Error'] } } },
  { id: 'flags', accessorFn: (i) => i.flags, meta: { filter: { options: ['duplicate'] }, match: 'contains' } },
];
const data: Item[] = [
  { id: 1, type: 'Created', flags: '' },
  { id: 2, type: 'SuccessPayment', flags: 'duplicate out-of-order' },
  { id: 3, type: null, flags: 'duplicate' },
  { id: 4, type: 'Cancelled', flags: '' },
];

describe('processRows', () => {
  it('returns the same array when nothing filters or sorts', () => {
    expect(processRows(data, columns, [], [])).toBe(data);
  });

  it('filters text case-insensitively, choices exactly, and flags by containment', () => {
    expect(processRows(data, columns, [{ id: 'type', value: 'CANCEL' }], []).map((i) => i.id)).toEqual([4]);
    expect(processRows(data, columns, [{ id: 'level', value: 'Error' }], []).map((i) => i.id)).toEqual([2, 4]);
    expect(processRows(data, columns, [{ id: 'flags', value: 'duplicate' }, { id: 'level', value: 'Info' }], []).map((i) => i.id)).toEqual([3]);
  });

  it('sorts both ways with nulls after values ascending', () => {
    expect(processRows(data, columns, [], [{ id: 'type', desc: false }]).map((i) => i.id)).toEqual([4, 1, 2, 3]);
    expect(processRows(data, columns, [], [{ id: 'id', desc: true }]).map((i) => i.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('createRowSearch', () => {
  it('finds rows by any of their text, case-insensitively', () => {
    const search = createRowSearch<Item>((i) => `${i.type ?? ''} ${i.flags}`);
    expect(search(data, 'PAYMENT').map((i) => i.id)).toEqual([2]);
    expect(search(data, '  ')).toBe(data);
  });

  it('prepares the text of every row ahead of the first search, and stops when cancelled', async () => {
    let built = 0;
    const search = createRowSearch<{ n: number }>((r) => (built++, `row ${r.n}`));
    const rows = Array.from({ length: 20_000 }, (_, n) => ({ n }));
    const cancelled = search.prepare(rows);
    cancelled.cancel();
    expect(await cancelled.done).toBe(false);
    expect(await search.prepare(rows).done).toBe(true);
    expect(built).toBe(rows.length);
    expect(search(rows, 'ROW 19999')).toEqual([{ n: 19_999 }]);
    expect(built).toBe(rows.length);
  });
});
