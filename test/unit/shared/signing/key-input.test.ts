import { describe, expect, it } from 'vitest';
import { readKeyInput } from '../../../../shared/signing/key-input';

describe('a webhook key as typed or pasted', () => {
  it('is kept as it is when it has no surrounding whitespace', () => {
    expect(readKeyInput('abc DEF')).toEqual({ ok: true, value: 'abc DEF', notice: null });
  });
  it('loses a pasted line break or spaces around it, and says which', () => {
    expect(readKeyInput('secret\n')).toMatchObject({ ok: true, value: 'secret', notice: expect.stringContaining('a line break after it') });
    expect(readKeyInput('  secret ')).toMatchObject({ ok: true, value: 'secret', notice: expect.stringContaining('2 whitespace characters before it and a space after it') });
  });
  it('is refused when it is empty or only whitespace', () => {
    expect(readKeyInput('')).toEqual({ ok: false, error: 'The key is empty.' });
    expect(readKeyInput(' \t ')).toMatchObject({ ok: false, error: expect.stringContaining('only whitespace') });
  });
});
