/** One difference between two JSON documents, addressed by a JSON-pointer-like path. */
export interface JsonChange {
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly left?: unknown;
  readonly right?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walk(left: unknown, right: unknown, path: string, out: JsonChange[], limit: number): void {
  if (out.length >= limit) return;
  if (Array.isArray(left) && Array.isArray(right)) {
    const n = Math.max(left.length, right.length);
    for (let i = 0; i < n; i++) {
      if (i >= left.length) out.push({ path: `${path}/${i}`, kind: 'added', right: right[i] });
      else if (i >= right.length) out.push({ path: `${path}/${i}`, kind: 'removed', left: left[i] });
      else walk(left[i], right[i], `${path}/${i}`, out, limit);
    }
    return;
  }
  if (isObject(left) && isObject(right)) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
    for (const key of keys) {
      const child = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!Object.hasOwn(right, key)) out.push({ path: child, kind: 'removed', left: left[key] });
      else if (!Object.hasOwn(left, key)) out.push({ path: child, kind: 'added', right: right[key] });
      else walk(left[key], right[key], child, out, limit);
    }
    return;
  }
  if (!Object.is(left, right)) out.push({ path: path || '/', kind: 'changed', left, right });
}

/** Structural differences (key order ignored, array order kept), at most `limit` of them. */
export function jsonChanges(left: unknown, right: unknown, limit = 500): JsonChange[] {
  const out: JsonChange[] = [];
  walk(left, right, '', out, limit);
  return out;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
  return sorted;
}

/**
 * Text for the JSON-aware side of the diff: keys sorted and indented, so the diff editor shows
 * what changed rather than how it was formatted. Text that is not JSON comes back unchanged.
 */
export function canonicalJsonText(text: string): { text: string; parsed: boolean; value?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return { text: JSON.stringify(sortKeys(value), null, 2), parsed: true, value };
  } catch {
    return { text, parsed: false };
  }
}
