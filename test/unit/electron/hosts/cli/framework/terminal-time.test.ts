import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { terminalTime } from '../../../../../../electron/hosts/cli/framework/terminal-time';
import { deliveryLine } from '../../../../../../electron/hosts/cli/listening/delivery-line';
import { plainPaint } from '../../../../../../electron/hosts/cli/framework/output';
import type { DeliverySummary } from '../../../../../../shared/contract/live';

// UTC-6 all year (no daylight saving): a local time that differs from the ISO text's.
const ZONE = 'America/El_Salvador';
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TZ;
  process.env.TZ = ZONE;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe("the terminal's times", () => {
  it('are local, 24-hour, with the date only for another day', () => {
    const now = Date.parse('2026-11-28T18:00:00.000Z');
    expect(terminalTime('2026-11-28T15:23:09.133Z', { nowMs: now })).toBe('09:23:09');
    expect(terminalTime('2026-11-28T15:23:09.133Z', { nowMs: now, ms: true })).toBe('09:23:09.133');
    expect(terminalTime('2026-11-27T15:23:09.133Z', { nowMs: now })).toBe('2026-11-27 09:23:09');
    expect(terminalTime('not a time')).toBe('not a time');
  });

  it("print a received delivery's time as the local time, not the ISO text's", () => {
    const receivedAt = new Date().toISOString();
    const d = { id: 7, receivedAt, eventType: 'SuccessPayment', orderId: 'o-1', eventId: 5, signature: 'valid', diagnosis: null, duplicateOf: null, truncation: null, answeredStatus: 200 } as unknown as DeliverySummary;
    const { text } = deliveryLine(d, [], plainPaint);
    expect(text.startsWith(`${terminalTime(receivedAt, { ms: true })}  #7`)).toBe(true);
    expect(text).not.toContain(receivedAt.slice(11, 23));
  });
});
