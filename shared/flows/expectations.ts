import { parseStatePath, valueAtPath, type StateStep } from './state-path';

/** One expectation on a handler's state: `orders.{orderId}.paid=1` (`--expect`, the fuzz search). */
export interface Expectation {
  /** As given: may name `{orderId}` (the scenario's order), as chaos replay's state path does. */
  readonly path: string;
  readonly expected: unknown;
}

/**
 * `orders.900001.paid=1`, `orders.{orderId}.paid=1` or `$.orders[0].paid=1`: paths as chaos
 * replay's state path (state-path.ts); the value is JSON when it parses, else text. The error
 * says what to write instead.
 */
export function parseExpectationText(text: string): { expectation: Expectation } | { error: string } {
  const eq = text.indexOf('=');
  if (eq <= 0) return { error: `"${text}": write path=value, e.g. orders.{orderId}.paid=1` };
  const path = text.slice(0, eq).trim().replace(/^\$\.?/, '');
  const checked = parseStatePath(path, 'orderId');
  if ('error' in checked) return { error: `"${text}": ${checked.error}` };
  const raw = text.slice(eq + 1);
  let expected: unknown;
  try {
    expected = JSON.parse(raw);
  } catch {
    expected = raw;
  }
  return { expectation: { path, expected } };
}

/** JSON values alike: same type, same keys, same items (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A state value matches the expected one; a number given as "1" matches 1 and "1" (handlers store counts as either). */
export function matchesExpected(value: unknown, expected: unknown): boolean {
  return sameJson(value, expected) || (typeof expected !== 'object' && typeof value !== 'object' && String(value) === String(expected));
}

/** The path's steps for one order: `{orderId}` and the recorded id itself (a path that names it) become `orderId`. */
export function expectationSteps(path: string, orderId: string | null, recordedOrderId: string | null = null): { steps: StateStep[] } | { error: string } {
  const parsed = parseStatePath(path, orderId);
  if ('error' in parsed || recordedOrderId === null || orderId === null) return parsed;
  return { steps: parsed.steps.map((s) => (s === recordedOrderId ? orderId : s)) };
}

/** The difference in words, or null when the state has the expected value at the path. */
export function checkExpectation(state: unknown, e: Expectation, orderId: string | null = null): string | null {
  const parsed = parseStatePath(e.path, orderId);
  if ('error' in parsed) return `${e.path}: ${parsed.error}`;
  const shown = orderId === null ? e.path : e.path.replaceAll('{orderId}', orderId);
  const at = valueAtPath(state, parsed.steps);
  if (!at.found) return `${shown}: expected ${JSON.stringify(e.expected)}, the state has no ${shown}`;
  return matchesExpected(at.value, e.expected) ? null : `${shown}: expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(at.value)}`;
}

/** One expectation's outcome as `scenario run` prints it: `PASS  path = value` or `FAIL  difference`. */
export function expectationOutcome(state: unknown, e: Expectation, orderId: string | null): { passed: boolean; text: string; difference: string | null } {
  const difference = checkExpectation(state, e, orderId);
  return { passed: difference === null, difference, text: difference ? `FAIL  ${difference}` : `PASS  ${e.path} = ${JSON.stringify(e.expected)}` };
}
