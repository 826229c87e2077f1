import { describe, expect, it } from 'vitest';
import type { ReplayRequestSpec } from '../../../../../../shared/contract/replay-drafts';
import { signsDifferently, type SignedInputs } from '../../../../../../renderer/src/features/replay/editor-changes';

const request: ReplayRequestSpec = {
  method: 'POST',
  body: { kind: 'text', text: '{}' },
  headers: { eventId: { mode: 'keep' }, eventCreated: { mode: 'keep' }, contentType: 'application/json', userAgent: 'x', extra: [], removed: [] },
  key: { kind: 'current' },
  tamper: 'none',
};
const inputs: SignedInputs = { request, targetUrl: 'http://127.0.0.1:3000/', draft: null };

describe('signsDifferently', () => {
  it('is true for a changed request part (the method too), target or draft', () => {
    expect(signsDifferently({ ...inputs, request: { ...request, method: 'PUT' } }, inputs)).toBe(true);
    expect(signsDifferently({ ...inputs, request: { ...request, tamper: 'wrong-key' } }, inputs)).toBe(true);
    expect(signsDifferently({ ...inputs, targetUrl: 'http://127.0.0.1:4000/' }, inputs)).toBe(true);
  });

  it('is false when only other state changed (a send, the name): no signing request for those', () => {
    expect(signsDifferently({ ...inputs }, inputs)).toBe(false);
  });
});
