import { CliError } from '../framework/exit-codes';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `--time-limit 30s` / `500ms` / `5m` / `1h` (a bare number is seconds), in milliseconds. */
export function parseTimeLimit(text: string | undefined, fallbackMs: number, option = 'time-limit'): number {
  if (text === undefined) return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2] ?? 's']! : NaN;
  if (!match || ms <= 0 || ms > 24 * 3_600_000) throw new CliError(`--${option} "${text}": give a duration up to 24h, e.g. 30s, 5m or 500ms`);
  return ms;
}
