/** How a value in secrets.json is sealed: by the desktop app (safeStorage) or the browser host. */
export type SealScheme = 'safeStorage' | 'base64';

/** How secret values are sealed at rest: Electron safeStorage, or Base64 (file mode 0600). */
export interface SecretCipher {
  readonly kind: string;
  /** Written beside every value, so another host never mistakes it for one of its own. */
  readonly scheme: SealScheme;
  /** A warning for the user about this cipher's protection, or null. */
  readonly warning: string | null;
  seal(plain: string): string;
  open(sealed: string): string;
}

/** One value as stored: its seal, then the sealed text. */
export interface SealedEntry {
  readonly sealedBy: SealScheme | 'unknown';
  readonly value: string;
}

export function sealedEntry(sealedBy: SealScheme, value: string): SealedEntry {
  return { sealedBy, value };
}

export type SealedFileRead =
  /** `malformed`: entries that are no sealed value (a number, a list), by name and what they are: left out. */
  | { ok: true; values: Record<string, SealedEntry>; malformed: string[] }
  | { ok: false; reason: string; namesSeen: string[] };

const SECRET_NAME_IN_TEXT = /"((?:webhookKey|replayKey):[a-zA-Z0-9_-]{1,64}|env:[a-z0-9-]{1,40}:(?:clientSecret|secretKey))"/g;

/**
 * Parses secrets.json. Values written before seals were marked (plain strings) are recognised
 * by their bytes: a Base64 value that decodes to safeStorage ciphertext ("v10"/"v11" on Linux
 * and macOS, a DPAPI blob on Windows) or to bytes that are not UTF-8 was not sealed by the
 * browser host, and is never handed out as a key.
 */
export function readSealedFile(text: string, cipher: SecretCipher): SealedFileRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: (error as Error).message, namesSeen: namesIn(text) };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, reason: 'not a JSON object', namesSeen: namesIn(text) };
  }
  const values: Record<string, SealedEntry> = {};
  const malformed: string[] = [];
  for (const [name, stored] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof stored === 'string') values[name] = { sealedBy: guessLegacySeal(stored, cipher), value: stored };
    else if (isMarkedEntry(stored)) values[name] = markedEntry(stored);
    else malformed.push(`${name}: ${describeJson(stored)}`);
  }
  return { ok: true, values, malformed };
}

/** `{ sealedBy, value }` with a text value: what every host writes. */
function isMarkedEntry(stored: unknown): stored is { sealedBy?: unknown; value: string } {
  return stored !== null && typeof stored === 'object' && !Array.isArray(stored) && typeof (stored as { value?: unknown }).value === 'string';
}

function markedEntry(entry: { sealedBy?: unknown; value: string }): SealedEntry {
  const sealedBy = entry.sealedBy === 'safeStorage' || entry.sealedBy === 'base64' ? entry.sealedBy : 'unknown';
  return { sealedBy, value: entry.value };
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object without a text value' : `a ${typeof value}`;
}

function namesIn(text: string): string[] {
  return [...new Set([...text.matchAll(SECRET_NAME_IN_TEXT)].map((m) => m[1]!))];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function guessLegacySeal(stored: string, cipher: SecretCipher): SealScheme | 'unknown' {
  const bytes = Buffer.from(stored, 'base64');
  const head = bytes.subarray(0, 3).toString('latin1');
  const dpapi = bytes.length > 4 && bytes.readUInt32LE(0) === 1;
  if (head === 'v10' || head === 'v11' || dpapi) return 'safeStorage';
  try {
    utf8.decode(bytes);
  } catch {
    return 'unknown';
  }
  // Opens as text: the browser host's Base64, unless this host opens it its own way.
  if (cipher.scheme === 'safeStorage') {
    try {
      cipher.open(stored);
      return 'safeStorage';
    } catch {
      return 'base64';
    }
  }
  return 'base64';
}
