import { describe, expect, it } from 'vitest';
import { applyTamper, type SigningPlan } from '../../../../../electron/features/replay/tamper';
import { TAMPER_PRESETS } from '../../../../../shared/contract/replay-drafts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const BODY = '{\n  "type": "Created",\n  "orderId": "1"\n}';
const plan: SigningPlan = {
  bodyToSend: utf8(BODY),
  bytesToSign: utf8(BODY),
  key: 'right-key',
  encoding: 'base64',
  signed: true,
  eventId: '10',
  eventCreated: '2026-01-01T00:00:00.000Z',
  notes: [],
};
const ctx = { wrongKey: 'other-key', reusedEventId: '7', nowMs: Date.parse('2026-05-01T00:00:00.000Z') };

describe('tamper presets', () => {
  it('none leaves the plan honest', () => {
    expect(applyTamper('none', plan, ctx)).toBe(plan);
  });

  it('wrong-key swaps only the key', () => {
    expect(applyTamper('wrong-key', plan, ctx)).toEqual({ ...plan, key: 'other-key' });
  });

  it('reserialised signs the compact JSON and sends the body as written', () => {
    const out = applyTamper('reserialised', plan, ctx);
    expect(text(out.bodyToSend)).toBe(BODY);
    expect(text(out.bytesToSign)).toBe('{"type":"Created","orderId":"1"}');
  });

  it('reserialised sends a compact body pretty-printed so the bytes differ', () => {
    const compact = { ...plan, bodyToSend: utf8('{"a":1}'), bytesToSign: utf8('{"a":1}') };
    const out = applyTamper('reserialised', compact, ctx);
    expect(text(out.bytesToSign)).toBe('{"a":1}');
    expect(text(out.bodyToSend)).toBe('{\n  "a": 1\n}');
  });

  it('reserialised on a body that is not JSON says it could not, and signs honestly', () => {
    const raw = { ...plan, bodyToSend: utf8('not json'), bytesToSign: utf8('not json') };
    const out = applyTamper('reserialised', raw, ctx);
    expect(text(out.bytesToSign)).toBe('not json');
    expect(out.notes.join()).toMatch(/not JSON/);
  });

  it('missing-signature, hex-signature, reused id and stale time each change one thing', () => {
    expect(applyTamper('missing-signature', plan, ctx)).toEqual({ ...plan, signed: false });
    expect(applyTamper('hex-signature', plan, ctx)).toEqual({ ...plan, encoding: 'hex' });
    expect(applyTamper('reused-event-id', plan, ctx)).toEqual({ ...plan, eventId: '7' });
    expect(applyTamper('stale-event-created', plan, ctx)).toEqual({ ...plan, eventCreated: '2026-04-01T00:00:00.000Z' });
  });

  it('reused-event-id without an earlier id keeps the id and says so', () => {
    const out = applyTamper('reused-event-id', plan, { ...ctx, reusedEventId: null });
    expect(out.eventId).toBe('10');
    expect(out.notes.join()).toMatch(/no earlier event id/);
  });

  it('body-changed-after-signing signs the original and sends it with one more byte', () => {
    const out = applyTamper('body-changed-after-signing', plan, ctx);
    expect(text(out.bytesToSign)).toBe(BODY);
    expect(text(out.bodyToSend)).toBe(`${BODY} `);
  });

  it('never mutates the plan it is given', () => {
    const before = JSON.stringify({ ...plan, bodyToSend: [...plan.bodyToSend] });
    for (const preset of TAMPER_PRESETS) applyTamper(preset, plan, ctx);
    expect(JSON.stringify({ ...plan, bodyToSend: [...plan.bodyToSend] })).toBe(before);
  });
});
