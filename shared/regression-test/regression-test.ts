import { shellQuote } from '../text/shell-quote';
import { parseExpectationText, type Expectation as StateExpectation } from '../flows/expectations';
import { redactScenario } from '../redaction';
import type { ScenarioFile } from '../scenario/scenario-file';
import { scenarioOrders } from './derived-states';
import { regressionTestText, type TestFramework } from './test-file';

/** A reason no test can be written (a bad --expect, no order in the events); the words say which. */
export class RegressionTestError extends Error {}

export interface RegressionTestOptions {
  readonly framework?: TestFramework;
  /** `path=value` texts, as `scenario run --expect` takes them. */
  readonly expect?: readonly string[];
  readonly expectState?: string | null;
  readonly redact?: boolean;
  /** The order the test is about; default the file's (source.orderId, else the one order in its events). */
  readonly orderId?: string;
  /** Where the file will be written (for the run command); default fileName. */
  readonly path?: string;
}

export interface RegressionTest {
  /** The name to save it under: `order-<id>.regression.test.ts` (Vitest) or `.test.mjs` (Jest). */
  readonly fileName: string;
  readonly text: string;
  /** The shell command that runs it (the variables to set, then the runner). */
  readonly runCommand: string;
}

/** The file name the app suggests, the id kept to safe file-name characters (as scenarioFileName). */
export function regressionTestFileName(orderId: string, framework: TestFramework): string {
  return `order-${orderId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}.regression.test.${framework === 'jest' ? 'mjs' : 'ts'}`;
}

/** The command to run the written file, with the two variables it needs (and the runner's own). */
export function regressionRunCommand(framework: TestFramework, path: string): string {
  const variables = 'HOOKLAB_HANDLER_URL=http://localhost:3000/webhooks HOOKLAB_WEBHOOK_KEY=your-webhook-key';
  return framework === 'jest'
    ? `${variables} NODE_OPTIONS=--experimental-vm-modules npx jest ${shellQuote(path)}`
    : `${variables} npx vitest run ${shellQuote(path)}`;
}

function expectationsOf(texts: readonly string[]): StateExpectation[] {
  return texts.map((text) => {
    const parsed = parseExpectationText(text);
    if ('error' in parsed) throw new RegressionTestError(`--expect ${parsed.error}`);
    return parsed.expectation;
  });
}

function checkedStateUrl(url: string | null | undefined): string | null {
  if (url === undefined || url === null || url === '') return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new RegressionTestError(`--expect-state ${url}: not an http(s) URL`);
  return url;
}

/**
 * A test for the user's own suite from a scenario file (recorded from an order, or a shrunk
 * sequence): the events as recorded (redacted first when asked), sent signed to their handler,
 * then their state checked against each --expect, or, without any, the states Sequences derives
 * from the events. One implementation for the CLI, the app and MCP.
 */
export function regressionTest(scenario: ScenarioFile, options: RegressionTestOptions = {}): RegressionTest {
  const framework = options.framework ?? 'vitest';
  const expectations = expectationsOf(options.expect ?? []);
  const stateUrl = checkedStateUrl(options.expectState);
  const orders = scenarioOrders(scenario);
  const orderId = options.orderId ?? scenario.source.orderId ?? (orders.size === 1 ? [...orders.keys()][0]! : null);
  if (orderId === null) {
    throw new RegressionTestError(orders.size === 0 ? 'no event of the file names an order (orderId)' : `the file's events are about ${orders.size} orders: make a test from one order's events`);
  }
  const derived = orders.get(orderId) ?? null;
  if (expectations.length === 0 && derived === null) throw new RegressionTestError(`no event of the file is about order ${orderId}: give --expect to say what its state must be`);
  const file = options.redact ? redactScenario(scenario) : scenario;
  const fileName = regressionTestFileName(orderId, framework);
  const runCommand = regressionRunCommand(framework, options.path ?? fileName);
  return { fileName, runCommand, text: regressionTestText({ file, orderId, framework, expectations, derived, stateUrl, runCommand }) };
}
