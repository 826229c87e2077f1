import { describe, expect, it } from 'vitest';
import { createOutput } from '../../../../../../electron/hosts/cli/framework/output';
import { jsonLine, terminalLine, terminalSafe } from '../../../../../../electron/hosts/cli/framework/terminal-text';
import type { CliIo } from '../../../../../../electron/hosts/cli/cli-io';

// What a hostile sender puts in a type or an order id: a window title (OSC 0), a clipboard
// write (OSC 52), a hidden link (OSC 8), a clear screen, an 8-bit CSI and a bidi override.
const HOSTILE = 'Paid\u001b]0;owned\u0007\u001b]52;c;cm0gLXJmIH4=\u0007\u001b]8;;http://evil/\u001b\\x\u001b[2J\u009b31m\u202Edi\u2066';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function capture(colors: boolean): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => void out.push(t), err: (t) => void err.push(t), env: {}, colors }, out, err };
}

describe('the terminal-safe printer', () => {
  it('shows C0, C1 and bidi controls escaped, visibly', () => {
    const shown = terminalSafe(HOSTILE, 500);
    expect(shown).not.toMatch(RAW_CONTROL);
    expect(shown).toBe('Paid\\x1b]0;owned\\x07\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b]8;;http://evil/\\x1b\\x\\x1b[2J\\x9b31m\\u202edi\\u2066');
    expect(terminalSafe('a\nb\u2028c')).toBe('a\\x0ab\\u2028c');
    expect(terminalSafe('plain ümlaut ✓')).toBe('plain ümlaut ✓');
  });

  it("a whole line keeps Hooklab's own colours and layout, and escapes any other control", () => {
    expect(terminalLine(`\u001b[32mvalid\u001b[0m\tnext\n${HOSTILE}`)).toBe(`\u001b[32mvalid\u001b[0m\tnext\n${terminalSafe(HOSTILE, 500)}`);
    expect(terminalLine('\u001b[31;1m')).toBe('\\x1b[31;1m');
  });

  it('--json output carries the same values with every control as a \\u escape (U+009B included)', () => {
    const value = { orderId: HOSTILE, n: 1 };
    const line = jsonLine(value);
    expect(line).not.toMatch(RAW_CONTROL);
    expect(line).toContain('\\u009b');
    expect(JSON.parse(line)).toEqual(value);
  });

  it('every event and progress line of a command goes through it, in text and in --json', () => {
    const text = capture(true);
    const out = createOutput(text.io, false);
    out.event(`${out.paint.green('200')} ${HOSTILE}`, {});
    out.progress(HOSTILE);
    expect(text.out.join('')).toContain('\u001b[32m200\u001b[0m');
    expect(text.out.join('').replace('\u001b[32m200\u001b[0m', '')).not.toMatch(RAW_CONTROL);
    expect(text.err.join('')).not.toMatch(RAW_CONTROL);

    const json = capture(false);
    createOutput(json.io, true).event('', { type: HOSTILE });
    expect(json.out.join('').trim()).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.out.join(''))).toEqual({ type: HOSTILE });
  });
});
