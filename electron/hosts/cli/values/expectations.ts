import { isDeepStrictEqual } from 'node:util';
import { CliError } from '../framework/exit-codes';
import { parseSetOverride } from './set-overrides';

/** One `--expect path=value` on the handler's state. */
export interface Expectation {
  readonly path: string;
  readonly steps: ReadonlyArray<string | number>;
  readonly expected: unknown;
}

/** `orders.900001.paid=1` or `$.orders["x"]`-free paths like --set's; the value is JSON when it parses, else text. */
export function parseExpectation(text: string): Expectation {
  const o = parseSetOverride(text.replace(/^\$\.?/, ''));
  let expected: unknown;
  try {
    expected = JSON.parse(o.raw);
  } catch {
    expected = o.raw;
  }
  if (o.steps.length === 0) throw new CliError(`--expect "${text}": give a path`);
  return { path: o.path, steps: o.steps, expected };
}

/** The difference in words, or null when the state has the expected value at the path. */
export function checkExpectation(state: unknown, e: Expectation): string | null {
  let at: unknown = state;
  for (const step of e.steps) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, step)) return `${e.path}: expected ${JSON.stringify(e.expected)}, the state has no ${e.path}`;
    at = (at as Record<string | number, unknown>)[step];
  }
  // A number given as "1" matches 1 and "1": handlers store counts as either.
  const same = isDeepStrictEqual(at, e.expected) || (typeof e.expected !== 'object' && String(at) === String(e.expected));
  return same ? null : `${e.path}: expected ${JSON.stringify(e.expected)}, got ${JSON.stringify(at)}`;
}
