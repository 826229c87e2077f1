import { describe, expect, it } from 'vitest';
import {
  evidenceParts,
  resendIdsOf,
  resendsEvents,
} from '../../../../../../renderer/src/components/why/why-model';
import type { Cause } from '../../../../../../shared/explain/model';

const cause = (more: Partial<Cause>): Cause => ({
  code: 'pending-at-service',
  summary: 's',
  evidence: [],
  fix: 'hooklab resend 9',
  deliveryIds: [],
  eventIds: ['7', '8'],
  ...more,
});

describe('the Why? panel model', () => {
  it('links the rows an evidence line names: received deliveries and history deliveries (by their event)', () => {
    expect(
      evidenceParts(
        'history #34 (event 7) sent to https://x/ at T: answered 503; then delivery #12 arrived',
      ),
    ).toEqual([
      { kind: 'history', text: 'history #34 (event 7)', id: 34, eventId: 7 },
      { kind: 'text', text: ' sent to https://x/ at T: answered 503; then ' },
      { kind: 'delivery', text: 'delivery #12', id: 12 },
      { kind: 'text', text: ' arrived' },
    ]);
    expect(evidenceParts('no rows here')).toEqual([{ kind: 'text', text: 'no rows here' }]);
  });

  it('marks the ISO times an evidence line quotes, so the panel shows them as the app shows times', () => {
    expect(evidenceParts('sent at 2026-11-28T14:42:49.510Z: answered 500')).toEqual([
      { kind: 'text', text: 'sent at ' },
      { kind: 'time', text: '2026-11-28T14:42:49.510Z' },
      { kind: 'text', text: ': answered 500' },
    ]);
  });

  it('offers a resend for events that never arrived, and resends the newest logged delivery of each', async () => {
    expect(resendsEvents(cause({}))).toBe(true);
    expect(resendsEvents(cause({ code: 'other-url' }))).toBe(true);
    expect(resendsEvents(cause({ code: 'handler-error', fix: 'hooklab replay 3' }))).toBe(false);
    expect(resendsEvents(cause({ eventIds: [] }))).toBe(false);
    const history: Record<number, Array<{ id: number }>> = {
      7: [{ id: 3 }, { id: 9 }, { id: 5 }],
      8: [],
    };
    expect(await resendIdsOf(cause({}), async (eventId) => history[eventId] ?? [])).toEqual([9]);
  });
});
