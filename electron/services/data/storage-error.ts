/** SQLite's primary result codes worth naming to a user (the low byte of an extended code). */
const SQLITE_CODES: Record<number, string> = {
  5: 'SQLITE_BUSY',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

/**
 * Why a write failed, in words and with the code a user can search for: "database or disk is
 * full (SQLITE_FULL)", "no space left on device (ENOSPC)".
 */
export function describeStorageError(error: unknown): string {
  const e = error as { errcode?: number; errstr?: string; code?: string; message?: string };
  if (typeof e.errcode === 'number') {
    const name = SQLITE_CODES[e.errcode & 0xff] ?? `SQLite error ${e.errcode}`;
    return `${e.errstr ?? e.message ?? 'unknown error'} (${name})`;
  }
  if (e.code === 'ENOSPC') return 'no space left on device (ENOSPC)';
  return e.message ?? String(error);
}

/** Whether a statement failed only because another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && ((code & 0xff) === 5 || (code & 0xff) === 6);
}
