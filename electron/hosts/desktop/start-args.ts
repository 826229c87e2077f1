import { parseOptions, type OptionSpec, type ParsedArgs } from '../kit/options';
import { START_ARGS_ENV, START_OPTIONS } from '../kit/run-options/run-options';

/** The options the desktop app takes: `npm start`'s, which are `hooklab serve`'s (one list). */
export const DESKTOP_OPTIONS: readonly OptionSpec[] = START_OPTIONS;

/** Chromium's switches that share a name with one of ours: on the argv they are Chromium's. */
const CHROMIUM_SWITCHES = new Set(['no-sandbox']);

/**
 * Hooklab's options for this start. `npm start` hands them over in START_ARGS_ENV, already
 * checked, and they are read whole. A desktop app launched another way (a packaged app, `electron .`)
 * has them among its argv, which also holds its binary, the app folder and switches Chromium
 * reads (`--enable-logging`, `--no-sandbox`...): those are not ours to refuse, so only our
 * options are picked out (`--name value` or `--name=value`), then parsed by the hosts' one parser (kit/options.ts).
 */
export function desktopStartArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedArgs {
  const handed = env[START_ARGS_ENV];
  if (handed !== undefined) return parseOptions(DESKTOP_OPTIONS, JSON.parse(handed) as string[], { laterWins: true });
  const names = new Map(DESKTOP_OPTIONS.flatMap((o) => [[o.name, o] as const, ...(o.formerly ? [[o.formerly, o] as const] : [])]));
  const ours: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const name = word.startsWith('--') ? word.slice(2).split('=')[0]! : '';
    const option = CHROMIUM_SWITCHES.has(name) ? undefined : names.get(name);
    if (!option) continue;
    ours.push(word);
    if (option.value && !word.includes('=') && argv[i + 1] !== undefined) ours.push(argv[++i]!);
  }
  return parseOptions(DESKTOP_OPTIONS, ours, { laterWins: true });
}
