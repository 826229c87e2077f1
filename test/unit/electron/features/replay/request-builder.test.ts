import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { buildRequest, KeyUnavailableError, type BuildInputs } from '../../../../../electron/features/replay/request-builder';
import { ReplayRequestSpecSchema, type ReplayRequestSpecInput } from '../../../../../shared/contract/replay-drafts';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';

const BODY = '{"type":"Created"}\n';
const inputs: BuildInputs = {
  hmac: nodeHmac,
  key: { value: 'k', label: 'Key one' },
  origin: { eventId: '55', eventCreated: '2026-01-01T00:00:00Z' },
  nowMs: Date.parse('2026-06-01T12:00:00.000Z'),
  newEventId: () => '999',
  tamper: { wrongKey: 'w', reusedEventId: null },
  targetUrl: null,
};
const spec = (over: Partial<ReplayRequestSpecInput> = {}) =>
  ReplayRequestSpecSchema.parse({ body: { kind: 'text', text: BODY }, headers: { eventId: { mode: 'keep' }, eventCreated: { mode: 'keep' } }, ...over });
const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64');

describe('request builder', () => {
  it('keeps the original event headers and signs the exact body bytes', () => {
    const r = buildRequest(spec(), inputs);
    expect(r.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['User-Agent', 'Svc-Webhooks/1.0'],
      ['X-Svc-Hmac-Sha256', mac('k', BODY)],
      ['X-Svc-Event-Id', '55'],
      ['X-Svc-Event-Created', '2026-01-01T00:00:00Z'],
    ]);
    expect(new TextDecoder().decode(r.body)).toBe(BODY);
    expect(r.keyLabel).toBe('Key one');
    expect(r.volatile).toEqual([]);
  });

  it('mints a new id and the time now, and says they change at each send', () => {
    const r = buildRequest(spec({ headers: { eventId: { mode: 'new' }, eventCreated: { mode: 'now' } } }), inputs);
    expect(r.headers).toContainEqual(['X-Svc-Event-Id', '999']);
    expect(r.headers).toContainEqual(['X-Svc-Event-Created', '2026-06-01T12:00:00.000Z']);
    expect(r.volatile).toEqual(['X-Svc-Event-Id', 'X-Svc-Event-Created']);
  });

  it('leaves out keep headers the original did not have (an unlogged delivery)', () => {
    const r = buildRequest(spec(), { ...inputs, origin: { eventId: null, eventCreated: null } });
    expect(r.headers.map(([n]) => n)).toEqual(['Content-Type', 'User-Agent', 'X-Svc-Hmac-Sha256']);
  });

  it('removes any header, case-insensitively, signature included, and keeps extra headers in order', () => {
    const r = buildRequest(
      spec({
        headers: {
          eventId: { mode: 'typed', value: '1' },
          eventCreated: { mode: 'chosen', value: 'T' },
          extra: [['X-B', '2'], ['X-A', '1'], ['X-B', '3']],
          removed: ['user-agent', 'X-SVC-HMAC-SHA256'],
        },
      }),
      inputs,
    );
    expect(r.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Svc-Event-Id', '1'],
      ['X-Svc-Event-Created', 'T'],
      ['X-B', '2'],
      ['X-A', '1'],
      ['X-B', '3'],
    ]);
    expect(r.signature).toBeNull();
  });

  it('lists the framing headers of a real target last, never removable', () => {
    const r = buildRequest(spec({ headers: { eventId: { mode: 'keep' }, eventCreated: { mode: 'keep' }, removed: ['host'] } }), {
      ...inputs,
      targetUrl: new URL('http://127.0.0.1:3000/hook'),
    });
    expect(r.headers.slice(-3)).toEqual([
      ['Host', '127.0.0.1:3000'],
      ['Content-Length', String(Buffer.byteLength(BODY))],
      ['Connection', 'close'],
    ]);
  });

  it('refuses to sign without a usable key, with the reason, but sends a missing-signature request without one', () => {
    const noKey = { ...inputs, key: { problem: 'the key was removed' } };
    expect(() => buildRequest(spec(), noKey)).toThrow(KeyUnavailableError);
    expect(() => buildRequest(spec(), noKey)).toThrow(/the key was removed/);
    expect(buildRequest(spec({ tamper: 'missing-signature' }), noKey).signature).toBeNull();
  });

  it('signs exact bytes that are not UTF-8, and warns that the body is not JSON', () => {
    const bytes = Buffer.from([0xff, 0x00, 0x41]);
    const r = buildRequest(spec({ body: { kind: 'bytes', base64: bytes.toString('base64') } }), inputs);
    expect(Buffer.from(r.body).equals(bytes)).toBe(true);
    expect(r.signature).toBe(createHmac('sha256', 'k').update(bytes).digest('base64'));
    expect(r.json).toBe(false);
    expect(r.warnings.join()).toMatch(/not JSON/);
  });
});
