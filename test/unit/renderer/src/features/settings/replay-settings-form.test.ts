import { describe, expect, it } from 'vitest';
import { parseReplaySettingsForm, replaySettingsForm } from '../../../../../../renderer/src/features/settings/replay-settings-form';

describe('the Replay settings form', () => {
  it('shows seconds and MiB, and reads them back as the same settings', () => {
    const form = replaySettingsForm({ timeoutMs: 2500, bodyCapBytes: 20 * 1024 * 1024 });
    expect(form).toEqual({ timeoutSeconds: '2.5', bodyCapMiB: '20' });
    expect(parseReplaySettingsForm(form)).toEqual({ settings: { timeoutMs: 2500, bodyCapBytes: 20 * 1024 * 1024 } });
    expect(parseReplaySettingsForm({ timeoutSeconds: ' 30 ', bodyCapMiB: '0.5' })).toEqual({ settings: { timeoutMs: 30_000, bodyCapBytes: 512 * 1024 } });
  });

  it('says what is wrong with each field instead of saving something else', () => {
    const bad = parseReplaySettingsForm({ timeoutSeconds: 'ten', bodyCapMiB: '0' });
    expect(bad).toEqual({
      errors: {
        timeoutSeconds: 'The timeout is a number of seconds from 0.1 to 600.',
        bodyCapMiB: 'The body cap is a number of MiB from 0.001 (1,024 bytes) to 512.',
      },
    });
    expect(parseReplaySettingsForm({ timeoutSeconds: '', bodyCapMiB: '513' })).toMatchObject({ errors: { timeoutSeconds: expect.any(String), bodyCapMiB: expect.any(String) } });
  });
});
