import { describe, expect, it } from 'vitest';
import { scrubSecrets, withoutSecretHeaders, withoutSecretQuery } from '../../../../../electron/features/share-export/secret-values';

describe('what a shared file never carries', () => {
  it('replaces the values of credential headers, names and order kept', () => {
    expect(
      withoutSecretHeaders([
        ['Host', 'hooks.example.test'],
        ['Authorization', 'Bearer abc'],
        ['X-Api-Key', 'k'],
        ['Cookie', 'sid=1'],
        ['X-Svc-Hmac-Sha256', 'c2ln'],
        ['X-Auth-Token', 't'],
      ]),
    ).toEqual([
      ['Host', 'hooks.example.test'],
      ['Authorization', '[redacted]'],
      ['X-Api-Key', '[redacted]'],
      ['Cookie', '[redacted]'],
      ['X-Svc-Hmac-Sha256', 'c2ln'],
      ['X-Auth-Token', '[redacted]'],
    ]);
  });

  it('replaces credential query values and keeps the rest as written', () => {
    expect(withoutSecretQuery('https://h.test/hooks?token=s3cr3t&order=1&api_key=x&%E0=1')).toBe('https://h.test/hooks?token=%5Bredacted%5D&order=1&api_key=%5Bredacted%5D&%E0=1');
    expect(withoutSecretQuery('https://h.test/hooks')).toBe('https://h.test/hooks');
  });

  it('scrubs every held secret wherever it is, the longest first', () => {
    expect(scrubSecrets('key whsec_long_value_1 and whsec_long', ['whsec_long_value_1', 'whsec_long'])).toBe('key [redacted] and [redacted]');
  });
});
