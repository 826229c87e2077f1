import { parseStateExpectation, stateExpectationDifference, type StateExpectation } from '../../../../shared/flows/state-expectation';
import { CliError } from '../framework/exit-codes';

/** One `--expect path=value` on the handler's state (shared/flows/state-expectation.ts). */
export type Expectation = StateExpectation;

/**
 * `orders.900001.paid=1`, `orders.{orderId}.paid=1` or `$.orders[0].paid=1`: paths as chaos
 * replay's state path (shared/flows/state-path.ts); the value is JSON when it parses, else text.
 */
export function parseExpectation(text: string): Expectation {
  const parsed = parseStateExpectation(text);
  if ('error' in parsed) throw new CliError(`--expect ${parsed.error}`);
  return parsed;
}

/** The difference in words, or null when the state has the expected value at the path. */
export const checkExpectation = stateExpectationDifference;
