import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { isPresentButNotAFile, keepBrokenCopy, setAsideBrokenFile, type DataNotice } from '../platform/set-aside';

/**
 * Opens settings.json through `open` (conf or electron-store, which throw a bare SyntaxError
 * on a truncated file, EISDIR on a folder). A file that does not parse, or a folder (anything
 * but a regular file) in its place, is set aside and a fresh one started, so the app starts
 * anyway and says what happened.
 */
export function openSettingsFile<T>(path: string, open: () => T): { store: T; notices: DataNotice[] } {
  try {
    if (isPresentButNotAFile(path)) throw new NotAFileError();
    return { store: open(), notices: [] };
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof NotAFileError) || !existsSync(path)) throw error;
    const movedTo = setAsideBrokenFile(path);
    const message =
      `${basename(path)} could not be read (${error.message}) and was moved to ${movedTo}. ` +
      'Lost: every setting (listener, forwarding, tunnel, environments, poller, sandbox, replay) is back to its default, ' +
      'and the webhook keys, environments and Replay targets it listed must be added again.';
    return { store: open(), notices: [{ file: path, message }] };
  }
}

class NotAFileError extends Error {
  constructor() {
    super('not a regular file');
  }
}

/**
 * Settings of the wrong type (a port that is text, a section that is a list) fall back to their
 * defaults alone (settings-service.ts); the file as it was is copied aside first and the user
 * told which parts were dropped, as for a file that does not parse.
 */
export function settingsDroppedNotice(path: string, dropped: readonly string[]): DataNotice {
  const copy = keepBrokenCopy(path);
  return {
    file: path,
    message: `${basename(path)} had settings of the wrong type (${dropped.join(', ')}): those are back to their defaults, the rest is kept. The file as it was is at ${copy}.`,
  };
}
