import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../../../shared/contract/live';
import { scenarioFileText } from '../../../../../../../shared/scenario/scenario-file';
import { flowScenarioBlocker, readChosenScenario } from '../../../../../../../renderer/src/features/sequences/flows/scenario-files';

const d = (id: number, orderId: string | null, orderReference: string | null) => ({ id, orderId, orderReference }) as DeliverySummary;
const file = {
  format: 'hooklab-scenario' as const,
  version: 1 as const,
  recordedAt: '2026-01-01T00:00:01Z',
  source: { orderId: '900001' },
  events: [{ gapMs: 0, receivedAt: '2026-01-01T00:00:00Z', eventType: 'SuccessPayment', eventId: '7', eventCreated: null, headers: [], body: '{}' }],
};

describe('readChosenScenario', () => {
  it('opens a scenario file under the name it was chosen by', () => {
    expect(readChosenScenario('3ds.json', scenarioFileText(file))).toEqual({ ok: true, scenario: { name: '3ds.json', file } });
  });

  it('refuses anything else in one line that names the file', () => {
    expect(readChosenScenario('notes.json', '{"a":1}')).toEqual({ ok: false, error: expect.stringMatching(/^notes\.json: not a Hooklab scenario file/) });
    expect(readChosenScenario('new.json', JSON.stringify({ ...file, version: 2 }))).toEqual({ ok: false, error: expect.stringMatching(/^new\.json: scenario file version 2 is newer/) });
  });
});

describe('flowScenarioBlocker', () => {
  it('says what is missing until the order id is known and one of its webhooks arrived', () => {
    expect(flowScenarioBlocker({ orderId: null, reference: null }, [])).toBe('Run a flow first');
    // A 3-D Secure event can arrive (matched by the reference) before the answer naming the order id.
    expect(flowScenarioBlocker({ orderId: null, reference: 'ref-1' }, [d(3, '900001', 'ref-1')])).toMatch(/order id/);
    expect(flowScenarioBlocker({ orderId: '900001', reference: 'ref-1' }, [])).toMatch(/webhooks to arrive/);
    expect(flowScenarioBlocker({ orderId: '900001', reference: 'ref-1' }, [d(3, '900001', 'ref-1')])).toBeNull();
  });

  it('does not count an event matched by the reference alone: the file is recorded by the order id', () => {
    expect(flowScenarioBlocker({ orderId: '900001', reference: 'ref-1' }, [d(3, null, 'ref-1')])).toMatch(/webhooks to arrive/);
  });
});
