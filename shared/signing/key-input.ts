/**
 * A webhook key as the user typed or pasted it. The portal generates keys without spaces, so
 * surrounding whitespace is a paste accident (a trailing space or newline made half of the
 * handler checks fail): it is removed, and the user is told. A key that is only whitespace is
 * refused: it would verify nothing.
 */
export type KeyInput = { readonly ok: true; readonly value: string; readonly notice: string | null } | { readonly ok: false; readonly error: string };

const describe = (s: string) => (/[\r\n]/.test(s) ? 'a line break' : s.includes('\t') ? 'a tab' : s.length === 1 ? 'a space' : `${s.length} whitespace characters`);

export function readKeyInput(raw: string): KeyInput {
  const value = raw.trim();
  if (value === '') return { ok: false, error: raw === '' ? 'The key is empty.' : 'The key is only whitespace: paste the secret key from the portal.' };
  if (value === raw) return { ok: true, value, notice: null };
  const lead = raw.slice(0, raw.length - raw.trimStart().length);
  const trail = raw.slice(raw.trimEnd().length);
  const parts = [lead && `${describe(lead)} before it`, trail && `${describe(trail)} after it`].filter(Boolean).join(' and ');
  return { ok: true, value, notice: `The key had ${parts}; it was removed (keys from the portal contain no whitespace).` };
}
