import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../../../shared/validation/field-errors';
import { SettingsPatchSchema, TunnelSettingsSchema } from '../../../../shared/settings';
import { SETTINGS_FIELD_LABELS, sectionLabels } from '../../../../shared/settings/field-labels';

const form = z.object({
  forwardTargets: z.array(z.string().url()),
  subdomain: z.string().regex(/^[a-z0-9-]{4,63}$/),
  port: z.number().int().min(0).max(65535),
  label: z.string().min(1),
});
const labels = {
  'forwardTargets.*': { name: (i: number) => `Forward target ${i + 1}` },
  subdomain: { name: 'The subdomain', format: 'must be 4 to 63 lowercase letters, digits or dashes' },
  port: { name: 'The port' },
  label: { name: 'The label' },
};

describe('fieldErrors', () => {
  it('says what is wrong with each field in a sentence, keyed by its path', () => {
    const result = form.safeParse({ forwardTargets: ['http://ok.example/', 'nope'], subdomain: 'A!', port: 70000, label: '' });
    expect(fieldErrors(result.error!.issues, labels)).toEqual({
      'forwardTargets.1': 'Forward target 2 is not a valid URL.',
      subdomain: 'The subdomain must be 4 to 63 lowercase letters, digits or dashes.',
      port: 'The port must be at most 65535.',
      label: 'The label is required.',
    });
  });

  it('names a field without a label by its key, and a missing or mistyped value plainly', () => {
    const result = z.object({ retries: z.number(), name: z.string() }).safeParse({ retries: 'x' });
    expect(fieldErrors(result.error!.issues)).toEqual({ retries: '“retries” must be a number.', name: '“name” is required.' });
  });

  it('reads the settings schemas as they are', () => {
    const result = TunnelSettingsSchema.safeParse({ host: 'localtunnel' });
    expect(fieldErrors(result.error!.issues, { host: { name: 'The tunnel server' } })).toEqual({ host: 'The tunnel server is not a valid URL.' });
  });

  it('names every settings field the same way, whole settings or one section', () => {
    const patch = SettingsPatchSchema.safeParse({ listener: { forwardTargets: ['not a url'], port: -1 }, poller: { intervalMs: 10 } });
    expect(fieldErrors(patch.error!.issues, SETTINGS_FIELD_LABELS)).toEqual({
      'listener.forwardTargets.0': 'Forward target 1 is not a valid URL.',
      'listener.port': 'The listener port must be at least 0.',
      'poller.intervalMs': 'The poll interval must be at least 250.',
    });
    const tunnel = TunnelSettingsSchema.safeParse({ subdomain: 'UPPER' });
    expect(fieldErrors(tunnel.error!.issues, sectionLabels('tunnel'))).toEqual({
      subdomain: 'The subdomain must be 4 to 63 lowercase letters, digits or dashes.',
    });
  });
});
