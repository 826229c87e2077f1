import { describe, expect, it } from 'vitest';
import { ago, probeVerdict } from '../../../../../renderer/src/shell/probe-verdict';

const NOW = Date.parse('2026-11-26T14:10:00Z');

describe('probeVerdict', () => {
  it('says nothing is known before the first probe', () => {
    expect(probeVerdict({ reachable: null, checkedAt: null, latencyMs: null, error: null, unreachableSince: null }, NOW)).toEqual({ tone: 'idle', text: 'not probed yet', why: null });
  });

  it('gives latency and how long ago when reachable', () => {
    const v = probeVerdict({ reachable: true, checkedAt: '2026-11-26T14:09:48Z', latencyMs: 41.6, error: null, unreachableSince: null }, NOW);
    expect(v).toEqual({ tone: 'ok', text: 'reachable · 42 ms · 12 s ago', why: null });
  });

  it('gives since when and why when unreachable', () => {
    const v = probeVerdict(
      { reachable: false, checkedAt: '2026-11-26T14:09:58Z', latencyMs: null, error: 'the tunnel server answered 503', unreachableSince: '2026-11-26T14:02:00Z' },
      NOW,
    );
    expect(v.tone).toBe('error');
    expect(v.text).toMatch(/^unreachable since \d\d:\d\d:\d\d$/);
    expect(v.why).toBe('the tunnel server answered 503');
  });
});

describe('ago', () => {
  it('uses the largest whole unit', () => {
    expect(ago('2026-11-26T14:10:00Z', NOW)).toBe('just now');
    expect(ago('2026-11-26T14:07:00Z', NOW)).toBe('3 min ago');
    expect(ago('2026-11-26T12:00:00Z', NOW)).toBe('2 h ago');
  });
});
