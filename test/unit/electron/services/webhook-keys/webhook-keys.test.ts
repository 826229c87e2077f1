import { describe, expect, it } from 'vitest';
import { WebhookKeys, mintKeyId } from '../../../../../electron/services/webhook-keys/webhook-keys';
import { SettingsService, memorySettingsBackend } from '../../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';

const make = () => {
  const settings = new SettingsService(memorySettingsBackend({}));
  const secrets = new MemorySecretStore();
  return { settings, secrets, keys: new WebhookKeys({ settings, secrets, clock: { now: () => 0 } }) };
};

describe('WebhookKeys', () => {
  it('adds keys (current first when asked), knows their values, accepts and removes them', () => {
    const { keys, secrets } = make();
    const first = keys.add({ label: 'one', value: 'v1', environmentId: null, makeCurrent: false });
    const second = keys.add({ label: 'two', value: 'v2', environmentId: null, makeCurrent: true });
    expect(keys.current()?.id).toBe(second);
    expect(keys.known().map((k) => [k.id, k.value])).toEqual([[second, 'v2'], [first, 'v1']]);
    expect(keys.setAccepted(first, false)).toBe(true);
    expect(keys.setAccepted('nope', false)).toBe(false);
    expect(keys.list().find((k) => k.id === first)?.accepted).toBe(false);
    keys.remove(second);
    expect(secrets.get(`webhookKey:${second}`)).toBeUndefined();
    expect(keys.current()?.id).toBe(first);
  });

  it('keeps a fixed-id key known without moving it, or makes it current for one combined save', () => {
    const { keys } = make();
    const own = keys.add({ label: 'own', value: 'v', environmentId: null, makeCurrent: true });
    keys.ensureKnown({ id: 'sandbox', label: 'Sandbox store key', value: 's1', environmentId: 'sandbox' });
    keys.ensureKnown({ id: 'sandbox', label: 'Sandbox store key', value: 's2', environmentId: 'sandbox' });
    expect(keys.list().map((k) => k.id)).toEqual([own, 'sandbox']);
    expect(keys.valueOf('sandbox')).toBe('s2');
    expect(keys.withCurrent({ id: 'cli', label: 'cli', value: 'c', environmentId: null }).map((k) => k.id)).toEqual(['cli', own, 'sandbox']);
    expect(keys.valueOf('cli')).toBe('c');
  });

  it('mints ids one way, told apart by kind', () => {
    expect(mintKeyId('webhook')).toMatch(/^k[a-z0-9]+$/);
    expect(mintKeyId('throwaway')).toMatch(/^r[a-z0-9]+$/);
    expect(mintKeyId('webhook')).not.toBe(mintKeyId('webhook'));
  });
});
