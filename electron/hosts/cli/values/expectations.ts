import { parseExpectationText, type Expectation } from '../../../../shared/flows/expectations';
import { CliError } from '../framework/exit-codes';

export { checkExpectation, type Expectation } from '../../../../shared/flows/expectations';

/** One `--expect path=value` (shared/flows/expectations.ts), or the CLI's one-line error. */
export function parseExpectation(text: string): Expectation {
  const parsed = parseExpectationText(text);
  if ('error' in parsed) throw new CliError(`--expect ${parsed.error}`);
  return parsed.expectation;
}
