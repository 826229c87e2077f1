import { isDeepStrictEqual } from 'node:util';
import { parseStatePath, valueAtPath } from '../../../../shared/flows/state-path';
import { CliError } from '../framework/exit-codes';

/** One `--expect path=value` on the handler's state. */
export interface Expectation {
  /** As given: may name `{orderId}` (the scenario's order), as chaos replay's state path does. */
  readonly path: string;
  readonly expected: unknown;
}

/**
 * `orders.900001.paid=1`, `orders.{orderId}.paid=1` or `$.orders[0].paid=1`: paths as chaos
 * replay's state path (shared/flows/state-path.ts); the value is JSON when it parses, else text.
 */
export function parseExpectation(text: string): Expectation {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new CliError(`--expect "${text}": write path=value, e.g. orders.{orderId}.paid=1`);
  const path = text.slice(0, eq).replace(/^\$\.?/, '');
  const checked = parseStatePath(path, 'orderId');
  if ('error' in checked) throw new CliError(`--expect "${text}": ${checked.error}`);
  const raw = text.slice(eq + 1);
  let expected: unknown;
  try {
    expected = JSON.parse(raw);
  } catch {
    expected = raw;
  }
  return { path, expected };
}

/** The difference in words, or null when the state has the expected value at the path. */
export function checkExpectation(state: unknown, e: Expectation, orderId: string | null = null): string | null {
  const parsed = parseStatePath(e.path, orderId);
  if ('error' in parsed) return `${e.path}: ${parsed.error}`;
  const shown = orderId === null ? e.path : e.path.replaceAll('{orderId}', orderId);
  const at = valueAtPath(state, parsed.steps);
  if (!at.found) return `${shown}: expected ${JSON.stringify(e.expected)}, the state has no ${shown}`;
  // A number given as "1" matches 1 and "1": handlers store counts as either.
  const same = isDeepStrictEqual(at.value, e.expected) || (typeof e.expected !== 'object' && String(at.value) === String(e.expected));
  return same ? null : `${shown}: expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(at.value)}`;
}
