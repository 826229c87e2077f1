import { describe, expect, it } from 'vitest';
import { editableVerbatim, lineEndingOf } from '../../../../shared/replay/editor-text';

describe('editableVerbatim', () => {
  it('accepts text with one line-ending style, trailing whitespace included', () => {
    expect(editableVerbatim('{"a": 1}   ')).toEqual({ ok: true });
    expect(editableVerbatim('{\r\n  "a": 1 \r\n}\r\n')).toEqual({ ok: true });
    expect(editableVerbatim('{\n  "a": 1\t\n}\n')).toEqual({ ok: true });
  });

  it('refuses what an editor would change: mixed endings, a lone CR, a BOM', () => {
    expect(editableVerbatim('{\r\n"a": 1\n}')).toMatchObject({ ok: false, reason: expect.stringContaining('mixes') });
    expect(editableVerbatim('{\r"a": 1}')).toMatchObject({ ok: false, reason: expect.stringContaining('carriage return') });
    expect(editableVerbatim('\uFEFF{}')).toMatchObject({ ok: false, reason: expect.stringContaining('byte-order mark') });
  });

  it('names the line ending kept', () => {
    expect(lineEndingOf('a\r\nb')).toBe('CRLF');
    expect(lineEndingOf('a\nb')).toBe('LF');
    expect(lineEndingOf('ab')).toBeNull();
  });
});
