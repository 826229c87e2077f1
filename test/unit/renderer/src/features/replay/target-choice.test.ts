import { describe, expect, it } from 'vitest';
import type { ReplayTarget } from '../../../../../../shared/contract/replay-targets';
import { draftMemoryKey, preselectTarget, targetOptionLabel } from '../../../../../../renderer/src/features/replay/target-choice';

const target = (url: string, over: Partial<ReplayTarget> = {}): ReplayTarget => ({
  id: 1,
  source: 'replay',
  url,
  label: '',
  loopback: true,
  optedIn: false,
  optInReason: null,
  refusal: null,
  ...over,
});
const A = 'http://127.0.0.1:3000/a';
const B = 'http://127.0.0.1:3000/b';
const none = { forDraft: null, saved: null, lastUsed: null };

describe('preselectTarget', () => {
  it('takes the draft’s own last target, then its saved one, then the last used, then the only one', () => {
    const both = [target(A), target(B)];
    expect(preselectTarget({ forDraft: B, saved: A, lastUsed: A }, both)).toBe(B);
    expect(preselectTarget({ ...none, saved: A, lastUsed: B }, both)).toBe(A);
    expect(preselectTarget({ ...none, lastUsed: B }, both)).toBe(B);
    expect(preselectTarget(none, [target(A)])).toBe(A);
    expect(preselectTarget(none, both)).toBeNull();
    expect(preselectTarget(none, [])).toBeNull();
  });

  it('never picks a remembered target that was removed or is refused; a saved one is shown as saved', () => {
    const refusedB = [target(A), target(B, { refusal: 'off this machine' })];
    expect(preselectTarget({ ...none, forDraft: B, lastUsed: B }, refusedB)).toBe(A);
    expect(preselectTarget({ ...none, lastUsed: 'http://127.0.0.1:9/gone' }, [target(A), target(B)])).toBeNull();
    expect(preselectTarget({ ...none, saved: 'http://127.0.0.1:9/gone' }, [target(A)])).toBe('http://127.0.0.1:9/gone');
  });
});

describe('draftMemoryKey', () => {
  it('is the id of a saved draft, the source of an unsaved one, none for a blank draft', () => {
    const origin = { kind: 'received' as const, ref: '12', eventId: null, eventCreated: null };
    expect(draftMemoryKey({ id: 7, origin })).toBe('draft:7');
    expect(draftMemoryKey({ id: null, origin })).toBe('received:12');
    expect(draftMemoryKey({ id: null, origin: { ...origin, kind: 'blank', ref: null } })).toBeNull();
  });
});

describe('targetOptionLabel', () => {
  it('shows the label with the URL, the URL alone when unlabelled, and where it comes from', () => {
    expect(targetOptionLabel(target(A, { label: 'my handler' }))).toBe(`my handler — ${A}`);
    expect(targetOptionLabel(target(A))).toBe(A);
    expect(targetOptionLabel(target(A, { source: 'listener', id: null, refusal: 'no' }))).toBe(`${A} (listener forward) — refused`);
  });
});
