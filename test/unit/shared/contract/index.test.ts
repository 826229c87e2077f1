import { describe, expect, it } from 'vitest';
import { CALL_NAMES, CallError, calls, events, parseCallArgs } from '../../../../shared/contract';

function rejection(fn: () => unknown): CallError {
  try {
    fn();
  } catch (error) {
    return error as CallError;
  }
  throw new Error('expected a rejection');
}

describe('contract', () => {
  it('names every call <area>.<verb> and documents it', () => {
    for (const name of CALL_NAMES) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(calls[name].doc.length).toBeGreaterThan(10);
    }
    for (const spec of Object.values(events)) expect(spec.doc.length).toBeGreaterThan(5);
  });

  it('rejects a malformed call with a message naming the field', () => {
    const error = rejection(() => parseCallArgs('settings.update', { listener: { port: 'eighty' } }));
    expect(error).toBeInstanceOf(CallError);
    expect(error.code).toBe('invalid-args');
    expect(error.message).toContain('settings.update');
    expect(error.message).toContain('listener.port');
  });

  it('names a missing required field', () => {
    const error = rejection(() => parseCallArgs('secrets.set', { name: 'webhookKey:main' }));
    expect(error.message).toContain('value');
  });

  it('rejects fields the call does not know, so typos are not silently ignored', () => {
    const error = rejection(() => parseCallArgs('settings.update', { listner: {} }));
    expect(error.message).toMatch(/listner|unrecognized/i);
  });

  it('rejects a secret name outside the allowed patterns', () => {
    const error = rejection(() => parseCallArgs('secrets.set', { name: '../etc/passwd', value: 'x' }));
    expect(error.message).toContain('name');
  });

  it('accepts a well-formed call and fills defaults', () => {
    expect(parseCallArgs('app.status', undefined)).toEqual({});
    const patch = parseCallArgs('settings.update', { poller: { intervalMs: 1000 } });
    expect(patch.poller?.intervalMs).toBe(1000);
  });
});
