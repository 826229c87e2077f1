import { describe, expect, it } from 'vitest';
import { expectLines, minimalFileName, replayCommand } from '../../../../../../../renderer/src/features/sequences/flows/failing-order-search';
import type { FuzzSearchReport } from '../../../../../../../shared/contract/flows';

const report = {
  outcome: 'failed',
  seed: 1,
  run: 3,
  foundLength: 7,
  complete: true,
  minimal: [],
  failures: [],
  differences: [],
  // From the handler's state: a value may carry anything a shell would run.
  expect: ['orders.{orderId}.shipping=DELIVERED', "orders.{orderId}.note=it's $(rm -rf ~)"],
  scenario: { format: 'hooklab-scenario', version: 1, recordedAt: '', source: { orderId: '9/01' }, events: [] },
} as unknown as Extract<FuzzSearchReport, { outcome: 'failed' }>;

describe('Search for a failing order, pure parts', () => {
  it('reads the expectations one a line, skipping blanks and comments', () => {
    expect(expectLines(' orders.{orderId}.paid=1 \n\n# the shipping\norders.{orderId}.shipping=DELIVERED\n')).toEqual(['orders.{orderId}.paid=1', 'orders.{orderId}.shipping=DELIVERED']);
  });

  it('writes the replay command with every word a shell could misread quoted', () => {
    expect(replayCommand(report, 'minimal-9_01.json', 'http://127.0.0.1:3000/webhooks', 'http://127.0.0.1:3000/state')).toBe(
      "hooklab scenario run minimal-9_01.json --to http://127.0.0.1:3000/webhooks --speed max --expect-state http://127.0.0.1:3000/state --expect 'orders.{orderId}.shipping=DELIVERED' --expect 'orders.{orderId}.note=it'\\''s $(rm -rf ~)'",
    );
    expect(minimalFileName(report.scenario)).toBe('minimal-9_01.json');
  });
});
