import { describe, expect, it } from 'vitest';
import { SecretNameSchema, WebhookKeyInfoSchema } from '../../../../shared/settings';
import { environmentSecret, replayKeySecret, webhookKeySecret } from '../../../../shared/settings/secret-names';

describe('secret names', () => {
  it('every name the helpers build is one the secrets calls accept', () => {
    for (const name of [webhookKeySecret('sandbox'), replayKeySecret('k_1-A'), environmentSecret('prod-1', 'clientSecret'), environmentSecret('prod-1', 'secretKey')]) {
      expect(SecretNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(webhookKeySecret('cli')).toBe('webhookKey:cli');
    expect(environmentSecret('sandbox', 'secretKey')).toBe('env:sandbox:secretKey');
  });

  it('refuses any other name, and the key ids settings refuse', () => {
    for (const name of ['webhookKey:', 'webhookKey:a b', `replayKey:${'x'.repeat(65)}`, 'env:Prod:clientSecret', 'env:prod:password', 'token', 'webhookKey:a\n']) {
      expect(SecretNameSchema.safeParse(name).success, name).toBe(false);
    }
    const key = { label: 'k', addedAt: '2026-01-01T00:00:00Z' };
    expect(WebhookKeyInfoSchema.safeParse({ ...key, id: 'a/b' }).success).toBe(false);
    expect(WebhookKeyInfoSchema.safeParse({ ...key, id: 'a_b-1' }).success).toBe(true);
  });
});
