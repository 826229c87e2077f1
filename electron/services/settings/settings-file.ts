import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { setAsideBrokenFile, type DataNotice } from '../platform/set-aside';

/**
 * Opens settings.json through `open` (conf or electron-store, which throw a bare SyntaxError
 * on a truncated file). A file that does not parse is set aside and a fresh one started, so the
 * app starts anyway and says what happened.
 */
export function openSettingsFile<T>(path: string, open: () => T): { store: T; notices: DataNotice[] } {
  try {
    return { store: open(), notices: [] };
  } catch (error) {
    if (!(error instanceof SyntaxError) || !existsSync(path)) throw error;
    const movedTo = setAsideBrokenFile(path);
    const message =
      `${basename(path)} could not be read (${error.message}) and was moved to ${movedTo}. ` +
      'Lost: every setting (listener, forwarding, tunnel, environments, poller, sandbox) is back to its default, ' +
      'and the webhook keys and environments it listed must be added again.';
    return { store: open(), notices: [{ file: path, message }] };
  }
}
