/**
 * Parser and evaluator for the v3 API's list grammar, which is Sieve's (Biarity/Sieve 2.x):
 * `filters` is a comma list of terms (AND), each `name op value`, `(a|b)` for OR over names
 * and `v1|v2` for OR over values; a backslash escapes `,`, `|`, `\` and operators inside values.
 * Pure: no I/O, no clock. Errors are SieveError, which the API turns into 400.
 */

export type FieldType = 'int' | 'string' | 'bool' | 'datetime';
export type FieldValue = number | string | boolean;

/** How one field of a row is typed and read. datetime values are read as epoch milliseconds. */
export interface FieldSpec<T> {
  type: FieldType;
  get(row: T): FieldValue;
}
export type FieldTable<T> = Record<string, FieldSpec<T>>;

export type BaseOperator = '==' | '!=' | '>' | '<' | '>=' | '<=' | '@=' | '_=' | '_-=';

export interface FilterTerm {
  names: string[];
  operator: string;
  base: BaseOperator;
  negated: boolean;
  caseInsensitive: boolean;
  /** Parsed values; null stands for Sieve's literal `null`. */
  values: (string | null)[];
}

export interface SortTerm {
  name: string;
  descending: boolean;
}

export class SieveError extends Error {}

// Sieve's operator list in its own order: at one position the first that matches wins, so the
// longer negated and case-insensitive forms come before their prefixes.
const OPERATORS = [
  '!@=*', '!_=*', '!_-=*', '!=*', '!@=', '!_=', '!_-=', '==*', '@=*', '_=*', '_-=*',
  '==', '!=', '>=', '<=', '>', '<', '@=', '_=', '_-=',
] as const;

/** True when the character at i is escaped by an odd run of backslashes before it. */
function isEscaped(s: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) n++;
  return n % 2 === 1;
}

/** Splits on a separator character that is not escaped. */
export function splitUnescaped(s: string, sep: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === sep && !isEscaped(s, i)) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

function unescapeValue(v: string): string {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    const next = v[i + 1];
    if (c === '\\' && next !== undefined && (next === ',' || next === '|' || next === '\\')) {
      out += next;
      i++;
    } else if (c === '\\' && next !== undefined && OPERATORS.some((op) => v.startsWith(op, i + 1))) {
      // An escaped operator inside a value stands for itself.
      continue;
    } else out += c;
  }
  return out;
}

function findOperator(term: string): { index: number; op: string } | null {
  for (let i = 0; i < term.length; i++) {
    if (isEscaped(term, i)) continue;
    for (const op of OPERATORS) if (term.startsWith(op, i)) return { index: i, op };
  }
  return null;
}

function resolveName<T>(name: string, fields: FieldTable<T>, what: string): string {
  // Sieve matches property names case-insensitively by default.
  const found = Object.keys(fields).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!found) {
    const allowed = Object.keys(fields).join(', ');
    throw new SieveError(`'${name}' cannot be used in ${what}; allowed fields: ${allowed}`);
  }
  return found;
}

/** Parses a `filters` string into terms, checking names and operator/type compatibility. */
export function parseFilters<T>(input: string, fields: FieldTable<T>): FilterTerm[] {
  const terms: FilterTerm[] = [];
  for (const raw of splitUnescaped(input, ',')) {
    let text = raw.trim();
    if (text === '') continue;
    if (text.startsWith('(')) {
      // Sieve: `(a|b)op value` - the names group ends at the last ')'.
      const close = text.lastIndexOf(')');
      if (close < 0) throw new SieveError(`unclosed '(' in filter '${text}'`);
      text = text.slice(1, close).replace(/[()]/g, '') + text.slice(close + 1);
    }
    const found = findOperator(text);
    if (!found) throw new SieveError(`filter '${text}' has no operator`);
    const namePart = text.slice(0, found.index).trim();
    const valuePart = text.slice(found.index + found.op.length).trim();
    if (namePart === '') throw new SieveError(`filter '${text}' has no field name`);
    const names = splitUnescaped(namePart, '|').map((n) => resolveName(n.trim(), fields, 'filters'));
    const values = splitUnescaped(valuePart, '|').map((v) => (v === 'null' ? null : unescapeValue(v)));
    const op = found.op;
    const base = op.replace(/^!(?!=)/, '').replace(/\*$/, '') as BaseOperator;
    const term: FilterTerm = {
      names,
      operator: op,
      base,
      // `!=` is its own operator; the leading `!` negates only @=, _= and _-=.
      negated: base !== '!=' && op.startsWith('!'),
      caseInsensitive: op.endsWith('*'),
      values,
    };
    for (const name of names) checkTerm(term, name, fields[name]!.type);
    terms.push(term);
  }
  return terms;
}

function checkTerm(term: FilterTerm, name: string, type: FieldType): void {
  const stringOps: BaseOperator[] = ['@=', '_=', '_-='];
  const orderOps: BaseOperator[] = ['>', '<', '>=', '<='];
  if (stringOps.includes(term.base) && type !== 'string')
    throw new SieveError(`operator '${term.operator}' applies only to text fields, not '${name}'`);
  if (orderOps.includes(term.base) && (type === 'string' || type === 'bool'))
    throw new SieveError(`operator '${term.operator}' cannot compare '${name}'`);
  for (const v of term.values) if (v !== null) convert(v, type, name);
}

/** Converts a filter value to the field's type, as Sieve's type converter would. */
export function convert(v: string, type: FieldType, name: string): FieldValue {
  switch (type) {
    case 'int':
      if (!/^\s*[+-]?\d+\s*$/.test(v)) throw new SieveError(`'${v}' is not an integer (${name})`);
      return Number(v);
    case 'bool': {
      const t = v.trim().toLowerCase();
      if (t !== 'true' && t !== 'false') throw new SieveError(`'${v}' is not a boolean (${name})`);
      return t === 'true';
    }
    case 'datetime': {
      // A time without zone is read as UTC: every timestamp of the API is UTC.
      const t = v.trim().replace(' ', 'T');
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(t)
        ? `${t}T00:00:00Z`
        : /(Z|[+-]\d\d:?\d\d)$/i.test(t)
          ? t
          : `${t}Z`;
      const ms = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : NaN;
      if (Number.isNaN(ms)) throw new SieveError(`'${v}' is not a date-time (${name})`);
      return ms;
    }
    case 'string':
      return v;
  }
}

function compareOne(base: BaseOperator, actual: FieldValue, expected: FieldValue): boolean {
  switch (base) {
    case '==':
      return actual === expected;
    case '!=':
      return actual !== expected;
    case '>':
      return actual > expected;
    case '<':
      return actual < expected;
    case '>=':
      return actual >= expected;
    case '<=':
      return actual <= expected;
    case '@=':
      return String(actual).includes(String(expected));
    case '_=':
      return String(actual).startsWith(String(expected));
    case '_-=':
      return String(actual).endsWith(String(expected));
  }
}

/** Builds a predicate: every term must hold (AND); within a term any name and any value (OR). */
export function compileFilters<T>(terms: FilterTerm[], fields: FieldTable<T>): (row: T) => boolean {
  const compiled = terms.map((term) =>
    term.names.map((name) => {
      const spec = fields[name]!;
      const ci = term.caseInsensitive && spec.type === 'string';
      const expected = term.values.map((v) => {
        if (v === null) return null;
        const c = convert(v, spec.type, name);
        return ci ? String(c).toUpperCase() : c;
      });
      return (row: T): boolean => {
        let actual = spec.get(row);
        if (ci) actual = String(actual).toUpperCase();
        return expected.some((e) => {
          // Fields of this API are never null: `== null` never holds, `!= null` always does.
          const hit = e === null ? term.base === '!=' : compareOne(term.base, actual, e);
          return term.negated ? !hit : hit;
        });
      };
    }),
  );
  return (row) => compiled.every((names) => names.some((test) => test(row)));
}

/** Parses a `sorts` string: comma list, `-` prefix for descending. */
export function parseSorts<T>(input: string, fields: FieldTable<T>): SortTerm[] {
  const out: SortTerm[] = [];
  for (const raw of input.split(',')) {
    const t = raw.trim();
    if (t === '') continue;
    const descending = t.startsWith('-');
    const name = resolveName(descending ? t.slice(1).trim() : t, fields, 'sorts');
    out.push({ name, descending });
  }
  return out;
}

/** A comparator applying sort terms in order; ties keep the order given (stable sort). */
export function compileSorts<T>(sorts: SortTerm[], fields: FieldTable<T>): (a: T, b: T) => number {
  return (a, b) => {
    for (const s of sorts) {
      const spec = fields[s.name]!;
      const x = spec.get(a);
      const y = spec.get(b);
      if (x === y) continue;
      const c = x < y ? -1 : 1;
      return s.descending ? -c : c;
    }
    return 0;
  };
}
