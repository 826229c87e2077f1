import { describe, expect, it } from 'vitest';
import { fixFor } from '../../../../../electron/features/replay/handler-check';
import { is2xx } from '../../../../../shared/http/status';

const keyMismatch = { passed: false, message: 'refused', okStatus: is2xx };

describe('fixFor', () => {
  it('names a key by its label in quotes after a 401', () => {
    const fix = fixFor('Accept it.', 401, keyMismatch, { key: { value: 'k', label: 'staging store' } });
    expect(fix).toBe('Accept it. Hooklab signed with the key “staging store” (the current key, unless this check chose another).');
  });

  it('says a described key as described: no quotes inside quotes (the CLI names where its key came from)', () => {
    const said = 'the data folder’s current key “staging store”';
    const fix = fixFor('Accept it.', 401, keyMismatch, { key: { value: 'k', label: said, said } });
    expect(fix).toContain(`Hooklab signed with ${said} (`);
    expect(fix).not.toMatch(/“[^”]*["“]/);
  });
});
