import { describe, expect, it } from 'vitest';
import {
  SieveError,
  compileFilters,
  compileSorts,
  parseFilters,
  parseSorts,
  splitUnescaped,
  type FieldTable,
} from '../../../../electron/emulator/sieve';

interface Row {
  id: number;
  eventType: string;
  delivered: boolean;
  created: number;
}
const FIELDS: FieldTable<Row> = {
  id: { type: 'int', get: (r) => r.id },
  eventType: { type: 'string', get: (r) => r.eventType },
  delivered: { type: 'bool', get: (r) => r.delivered },
  created: { type: 'datetime', get: (r) => r.created },
};
const T0 = Date.parse('2025-01-01T00:00:00.000Z');
const ROWS: Row[] = [
  { id: 1, eventType: 'Created', delivered: true, created: T0 },
  { id: 2, eventType: 'SuccessPayment', delivered: false, created: T0 + 1000 },
  { id: 3, eventType: 'Cancelled', delivered: true, created: T0 + 2000 },
  { id: 4, eventType: 'a,b|c', delivered: false, created: T0 + 3000 },
];
const ids = (filters: string) => ROWS.filter(compileFilters(parseFilters(filters, FIELDS), FIELDS)).map((r) => r.id);

describe('sieve filters', () => {
  it('comparison operators on integers', () => {
    expect(ids('id>2')).toEqual([3, 4]);
    expect(ids('id>=2')).toEqual([2, 3, 4]);
    expect(ids('id<2')).toEqual([1]);
    expect(ids('id<=2')).toEqual([1, 2]);
    expect(ids('id==3')).toEqual([3]);
    expect(ids('id!=3')).toEqual([1, 2, 4]);
  });
  it('comma is AND, pipe between values is OR', () => {
    expect(ids('id>1,delivered==true')).toEqual([3]);
    expect(ids('eventType==Created|Cancelled')).toEqual([1, 3]);
  });
  it('pipe between names in parentheses is OR over fields', () => {
    expect(ids('(eventType|eventType)==Created')).toEqual([1]);
  });
  it('contains, starts with, ends with and their negations', () => {
    expect(ids('eventType@=Pay')).toEqual([2]);
    expect(ids('eventType_=C')).toEqual([1, 3]);
    expect(ids('eventType_-=ed')).toEqual([1, 3]);
    expect(ids('eventType!@=Pay')).toEqual([1, 3, 4]);
    expect(ids('eventType!_=C')).toEqual([2, 4]);
  });
  it('case-insensitive * forms; plain forms are case-sensitive', () => {
    expect(ids('eventType==created')).toEqual([]);
    expect(ids('eventType==*created')).toEqual([1]);
    expect(ids('eventType@=*PAY')).toEqual([2]);
    expect(ids('eventType_=*c')).toEqual([1, 3]);
    expect(ids('eventType!=*CREATED')).toEqual([2, 3, 4]);
    expect(ids('eventType!@=*pay')).toEqual([1, 3, 4]);
    expect(ids('eventType!_=*c')).toEqual([2, 4]);
  });
  it('backslash escapes comma and pipe inside values', () => {
    expect(ids('eventType==a\\,b\\|c')).toEqual([4]);
    expect(splitUnescaped('a\\,b,c', ',')).toEqual(['a\\,b', 'c']);
    expect(splitUnescaped('a\\\\,b', ',')).toEqual(['a\\\\', 'b']);
  });
  it('booleans and date-times', () => {
    expect(ids('delivered==false')).toEqual([2, 4]);
    expect(ids('created>=2025-01-01T00:00:02.000Z')).toEqual([3, 4]);
    expect(ids('created<2025-01-01T00:00:01')).toEqual([1]);
  });
  it('field names match case-insensitively, as in Sieve', () => {
    expect(ids('ID>3')).toEqual([4]);
  });
  it('rejects unknown fields, bad values and type-incompatible operators', () => {
    expect(() => parseFilters('eventId==1', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('id==abc', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('delivered==yes', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('created>notadate', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('id@=1', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('eventType>a', FIELDS)).toThrow(SieveError);
    expect(() => parseFilters('id', FIELDS)).toThrow(SieveError);
  });
  it('ignores empty terms', () => {
    expect(ids(',id==1,')).toEqual([1]);
  });
});

describe('sieve sorts', () => {
  it('comma list with - prefix for descending', () => {
    const sorts = parseSorts('delivered,-id', FIELDS);
    expect(sorts).toEqual([
      { name: 'delivered', descending: false },
      { name: 'id', descending: true },
    ]);
    expect([...ROWS].sort(compileSorts(sorts, FIELDS)).map((r) => r.id)).toEqual([4, 2, 3, 1]);
  });
  it('rejects unknown sort fields', () => {
    expect(() => parseSorts('eventCreated', FIELDS)).toThrow(SieveError);
  });
});
