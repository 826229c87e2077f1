import type { Expectation as StateExpectation } from '../flows/expectations';
import type { ScenarioFile } from '../scenario/scenario-file';
import { jsonLiteral } from '../text/json-literal';
import type { DerivedStates } from './derived-states';

export const TEST_FRAMEWORKS = ['vitest', 'jest'] as const;
export type TestFramework = (typeof TEST_FRAMEWORKS)[number];

/** What the written file is made of. Every value a sender chose enters it through jsonLiteral only. */
export interface TestFileInput {
  readonly file: ScenarioFile;
  readonly orderId: string;
  readonly framework: TestFramework;
  /** The --expect expectations; none: `derived` is compared instead. */
  readonly expectations: readonly StateExpectation[];
  readonly derived: DerivedStates | null;
  /** HOOKLAB_STATE_URL's default: the --expect-state URL given when the file was written. */
  readonly stateUrl: string | null;
  /** The command that runs it, for its header comment. */
  readonly runCommand: string;
}

const IMPORTS: Record<TestFramework, string> = {
  vitest: "import { expect, test } from 'vitest';",
  jest: "import { expect, test } from '@jest/globals';",
};

/** A line of a `//` comment: nothing of it can end the comment or the line early. */
const commentSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

function eventLiteral(event: ScenarioFile['events'][number]): string {
  // Text bodies as string literals (readable in a review, the same bytes once encoded as UTF-8); others in Base64.
  const body = event.body !== undefined ? `body: ${jsonLiteral(event.body)}` : `bodyBase64: ${jsonLiteral(event.bodyBase64)}`;
  return `    { type: ${jsonLiteral(event.eventType)}, eventId: ${jsonLiteral(event.eventId)}, created: ${jsonLiteral(event.eventCreated)}, ${body} },`;
}

function expectationLines(input: TestFileInput): string[] {
  if (input.expectations.length > 0) {
    return ['  expect: [', ...input.expectations.map((e) => `    { path: ${jsonLiteral(e.path)}, value: ${jsonLiteral(e.expected)} },`), '  ],'];
  }
  const d = input.derived!;
  return [
    '  // The states Hooklab derived from these events (as its Sequences area shows them), compared with',
    "  // your state's fields at this path by name: status, payment, shipping, threeDs (orderStatus,",
    '  // payment_status… count too). A field your state does not have is not judged.',
    `  expectOrderState: { path: 'orders.{orderId}', status: ${jsonLiteral(d.status)}, payment: ${jsonLiteral(d.payment)}, shipping: ${jsonLiteral(d.shipping)}, threeDs: ${jsonLiteral(d.threeDs)} },`,
  ];
}

/**
 * The test file's text: short, on `hooklab/testing`'s replayRecordedOrder, with no type
 * annotation (valid as TypeScript and as JavaScript, so tsc passes and Jest runs it as .mjs).
 */
export function regressionTestText(input: TestFileInput): string {
  const { file } = input;
  const count = file.events.length;
  return [
    `// A regression test written by Hooklab from order ${commentSafe(jsonLiteral(input.orderId))}: its ${count} webhook ${count === 1 ? 'delivery' : 'deliveries'} as`,
    `// recorded${file.redacted ? ' (personal data replaced by pseudonyms)' : ', bodies byte for byte'}, in the recorded order, each signed anew, then the`,
    "// handler's state checked.",
    '//',
    "//   HOOKLAB_HANDLER_URL  your webhook handler's URL (required)",
    '//   HOOKLAB_WEBHOOK_KEY  the key it verifies signatures with (required)',
    `//   HOOKLAB_STATE_URL    where it answers its state as JSON (${input.stateUrl === null ? 'required' : 'default: stateUrl below'})`,
    '//',
    `// Run it: ${commentSafe(input.runCommand)}`,
    IMPORTS[input.framework],
    "import { replayRecordedOrder } from 'hooklab/testing';",
    '',
    'const recording = {',
    `  orderId: ${jsonLiteral(input.orderId)},`,
    `  redacted: ${file.redacted === true},`,
    `  stateUrl: ${jsonLiteral(input.stateUrl)},`,
    '  events: [',
    ...file.events.map(eventLiteral),
    '  ],',
    ...expectationLines(input),
    '};',
    '',
    `test(${jsonLiteral(`order ${input.orderId} ends in the state its recorded events lead to`)}, async () => {`,
    '  const result = await replayRecordedOrder(recording);',
    '  expect(result.failures).toEqual([]);',
    '}, 60_000);',
    '',
  ].join('\n');
}
