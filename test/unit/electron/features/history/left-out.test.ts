import { describe, expect, it } from 'vitest';
import { reconcile, setAsideLeftOut, type HistoryRef } from '../../../../../electron/features/history/reconciliation';
import { explainLeftOut } from '../../../../../electron/features/history/left-out';
import { SettingsSchema } from '../../../../../shared/settings';

const h = (id: number, eventId: number): HistoryRef => ({ id, eventId, delivered: true, status: 200, created: `2026-01-01T00:00:${String(id).padStart(2, '0')}Z` });

describe('deliveries verified by another environment’s key', () => {
  it('are set aside with the history deliveries they explain, so those are not lost nor offered for resending', () => {
    const history = [h(1, 1), h(2, 2), h(3, 3)];
    const aside = setAsideLeftOut(history, [
      { id: 10, eventId: 1, keyId: 'sbx' },
      { id: 11, eventId: 2, keyId: 'sbx' },
      { id: 12, eventId: null, keyId: 'sbx' },
    ]);
    expect(aside.history.map((d) => d.id)).toEqual([3]);
    expect(aside.groups).toEqual([{ keyId: 'sbx', deliveries: 3, historyDeliveries: 2 }]);
    const result = reconcile(aside.history, [], () => new Map());
    expect(result.counts.lost).toBe(1);
    expect(result.windows.flatMap((w) => w.eventIds)).toEqual([3]);
  });

  it('are explained in a sentence naming the key, its environment and where to change it', () => {
    const settings = SettingsSchema.parse({
      listener: { keys: [{ id: 'sbx', label: 'sandbox key', addedAt: 'x', environmentId: 'sandbox' }] },
      environments: { active: 'pseudo', live: [{ id: 'pseudo', name: 'Pseudo-live', baseUrl: 'http://127.0.0.1:1', apiV3Url: 'http://127.0.0.1:1/api/v3', clientId: 'c' }] },
    });
    const [explained] = explainLeftOut([{ keyId: 'sbx', deliveries: 48, historyDeliveries: 48 }], settings, 'pseudo');
    expect(explained!.message).toBe(
      '48 deliveries verified by the key “sandbox key” (Sandbox) are not counted for Pseudo-live. 48 history deliveries match them and are not listed as lost. If this key also signs for Pseudo-live, change its environment in Settings.',
    );
  });
});
