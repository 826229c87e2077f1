import { describe, expect, it } from 'vitest';
import { parseScenarioFile, scenarioEventBytes } from '../../../../shared/scenario/scenario-file';

const event = { gapMs: 0, receivedAt: '2026-01-01T00:00:00Z', eventType: 'Created', eventId: '1', eventCreated: null, headers: [] };

describe('scenario files', () => {
  it('reads version 1 and gives the exact body bytes (text or Base64)', () => {
    const parsed = parseScenarioFile(JSON.stringify({ format: 'hooklab-scenario', version: 1, recordedAt: '', source: {}, events: [{ ...event, body: '{"a":"é"}' }, { ...event, bodyBase64: '/wA=' }] }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(new TextDecoder().decode(scenarioEventBytes(parsed.file.events[0]!))).toBe('{"a":"é"}');
    expect([...scenarioEventBytes(parsed.file.events[1]!)]).toEqual([0xff, 0x00]);
  });

  it('refuses a newer version, another file and a broken event, in one line each', () => {
    expect(parseScenarioFile(JSON.stringify({ format: 'hooklab-scenario', version: 3 }))).toEqual({ ok: false, error: expect.stringMatching(/version 3 is newer than this Hooklab reads \(1\)/) });
    expect(parseScenarioFile('{"events":[]}')).toEqual({ ok: false, error: expect.stringMatching(/not a Hooklab scenario file/) });
    expect(parseScenarioFile(JSON.stringify({ format: 'hooklab-scenario', version: 1, recordedAt: '', source: {}, events: [event] }))).toEqual({ ok: false, error: expect.stringMatching(/events\.0: give exactly one of body and bodyBase64/) });
  });
});
