import { parseStatePath, valueAtPath } from './state-path';

/**
 * One expectation on a handler's state: `orders.{orderId}.paid=1` as `scenario run --expect`,
 * `scenario test --expect` and a regression test written by Hooklab take it. Paths are chaos
 * replay's state paths (state-path.ts); `{orderId}` is the scenario's order.
 */
export interface StateExpectation {
  readonly path: string;
  readonly expected: unknown;
}

/** `path=value` read: the value is JSON when it parses, else text; or what is wrong, in words. */
export function parseStateExpectation(text: string): StateExpectation | { error: string } {
  const eq = text.indexOf('=');
  if (eq <= 0) return { error: `"${text}": write path=value, e.g. orders.{orderId}.paid=1` };
  const path = text.slice(0, eq).replace(/^\$\.?/, '');
  const checked = parseStatePath(path, 'orderId');
  if ('error' in checked) return { error: `"${text}": ${checked.error}` };
  const raw = text.slice(eq + 1);
  let expected: unknown;
  try {
    expected = JSON.parse(raw);
  } catch {
    expected = raw;
  }
  return { path, expected };
}

/** Deep equality of JSON values (objects by key, whatever their order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The difference in words, or null when the state has the expected value at the path. */
export function stateExpectationDifference(state: unknown, e: StateExpectation, orderId: string | null = null): string | null {
  const parsed = parseStatePath(e.path, orderId);
  if ('error' in parsed) return `${e.path}: ${parsed.error}`;
  const shown = orderId === null ? e.path : e.path.replaceAll('{orderId}', orderId);
  const at = valueAtPath(state, parsed.steps);
  if (!at.found) return `${shown}: expected ${JSON.stringify(e.expected)}, the state has no ${shown}`;
  // A number given as "1" matches 1 and "1": handlers store counts as either.
  const same = sameJson(at.value, e.expected) || (typeof e.expected !== 'object' && String(at.value) === String(e.expected));
  return same ? null : `${shown}: expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(at.value)}`;
}
