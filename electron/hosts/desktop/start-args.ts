import { parseArgs, type ParsedArgs } from '../cli/args';

/** The options `npm start` documents, which the desktop app takes from its command line. */
export const DESKTOP_OPTIONS = ['data-dir', 'port', 'listener-port'] as const;
export const DESKTOP_FLAGS = ['save'] as const;

/**
 * Hooklab's own options among the desktop app's arguments. Electron's argv also holds its binary,
 * the app folder and switches Chromium reads (`--enable-logging`...): those are not ours to
 * refuse, so only the documented options are picked out (`--name value` or `--name=value`).
 */
export function desktopStartArgs(argv: readonly string[]): ParsedArgs {
  const ours: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const name = word.startsWith('--') ? word.slice(2).split('=')[0]! : '';
    if ((DESKTOP_FLAGS as readonly string[]).includes(name)) ours.push(word);
    else if ((DESKTOP_OPTIONS as readonly string[]).includes(name)) {
      ours.push(word);
      if (!word.includes('=') && argv[i + 1] !== undefined) ours.push(argv[++i]!);
    }
  }
  return parseArgs(ours, { options: DESKTOP_OPTIONS, flags: DESKTOP_FLAGS });
}
