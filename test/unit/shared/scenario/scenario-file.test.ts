import { describe, expect, it } from 'vitest';
import { parseScenarioFile, scenarioEventBytes, scenarioFileName, scenarioFileText } from '../../../../shared/scenario/scenario-file';

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

  it('writes the text every writer saves: indented, newline-ended, read back unchanged', () => {
    const file = { format: 'hooklab-scenario' as const, version: 1 as const, recordedAt: '2026-01-01T00:00:01Z', source: { orderId: '900001' }, events: [{ ...event, body: '{"orderId":"900001"}\n' }] };
    const text = scenarioFileText(file);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "format": "hooklab-scenario",');
    expect(parseScenarioFile(text)).toEqual({ ok: true, file });
  });

  it('names an order\'s file from its id, keeping only safe file-name characters', () => {
    expect(scenarioFileName('900001')).toBe('scenario-900001.json');
    expect(scenarioFileName('../a b/ñ')).toBe('scenario-___a_b__.json');
  });
});
