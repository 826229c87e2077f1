import { describe, expect, it } from 'vitest';
import { ago, localOnlyWords, probeVerdict, tunnelStateWords, type ProbeFacts } from '../../../../shared/net/public-url-words';

const NOW = Date.parse('2026-11-26T14:10:00Z');
const NONE: ProbeFacts = { reachable: null, checkedAt: null, latencyMs: null, error: null, unreachableSince: null, reach: null, answeredByAnother: 0 };

describe('probeVerdict', () => {
  it('says nothing is known before the first probe', () => {
    expect(probeVerdict(NONE, NOW)).toEqual({ tone: 'idle', text: 'not probed yet', why: null });
  });

  it('gives latency and how long ago when reachable', () => {
    const v = probeVerdict({ ...NONE, reachable: true, checkedAt: '2026-11-26T14:09:48Z', latencyMs: 41.6, reach: 'public' }, NOW);
    expect(v).toEqual({ tone: 'ok', text: 'reachable · 42 ms · 12 s ago', why: null });
  });

  it('gives since when, the age of the check and why when unreachable', () => {
    const v = probeVerdict(
      { ...NONE, reachable: false, checkedAt: '2026-11-26T14:09:58Z', error: 'the tunnel server answered 503', unreachableSince: '2026-11-26T14:02:00Z', reach: 'public' },
      NOW,
    );
    expect(v.tone).toBe('error');
    expect(v.text).toMatch(/^unreachable since \d\d:\d\d:\d\d · 2 s ago$/);
    expect(v.why).toBe('the tunnel server answered 503');
  });

  it('never says reachable for an address only this machine or its network can reach, even when the probe came back', () => {
    const back = { ...NONE, reachable: false, checkedAt: '2026-11-26T14:09:58Z', latencyMs: 7, error: 'a probe came back to this Hooklab, but only this machine can reach this address: the service cannot' };
    expect(probeVerdict({ ...back, reach: 'this-machine' }, NOW)).toEqual({ tone: 'warn', text: 'this machine only · 7 ms · 2 s ago', why: back.error });
    expect(probeVerdict({ ...back, reach: 'local-network' }, NOW).text).toBe('local network only · 7 ms · 2 s ago');
  });

  it('counts deliveries the service says something else answered as a failure, whatever the probe says', () => {
    const v = probeVerdict({ ...NONE, reachable: true, checkedAt: '2026-11-26T14:09:58Z', latencyMs: 7, reach: 'public', answeredByAnother: 3 }, NOW);
    expect(v.tone).toBe('error');
    expect(v.text).toBe('3 answered by another');
    expect(v.why).toContain('something between the service and Hooklab answered in its place');
  });

  it('keeps the status bar\'s text to one short line', () => {
    const long = { ...NONE, reachable: false, checkedAt: '2026-11-26T14:09:58Z', error: 'x'.repeat(500), unreachableSince: '2026-11-26T14:02:00Z', reach: 'public' as const };
    expect(probeVerdict(long, NOW).text.length).toBeLessThan(40);
  });
});

describe('the other words', () => {
  it('ago uses the largest whole unit', () => {
    expect(ago('2026-11-26T14:10:00Z', NOW)).toBe('just now');
    expect(ago('2026-11-26T14:07:00Z', NOW)).toBe('3 min ago');
    expect(ago('2026-11-26T12:00:00Z', NOW)).toBe('2 h ago');
  });

  it('says who can reach a local address, and reads own-url as "your own URL"', () => {
    expect(localOnlyWords('this-machine')).toBe('only this machine can reach this address: the service cannot');
    expect(localOnlyWords('local-network')).toMatch(/^only this machine and its local network can reach this address/);
    expect(localOnlyWords('public')).toBeNull();
    expect(tunnelStateWords('own-url')).toBe('your own URL');
    expect(tunnelStateWords('open')).toBe('open');
  });
});
