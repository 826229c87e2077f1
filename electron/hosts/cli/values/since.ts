import { CliError } from '../framework/exit-codes';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since 15m` / `2h` / `3d` / an ISO time, as epoch milliseconds. */
export function parseSince(text: string, nowMs: number): number {
  const duration = /^(\d+)([smhd])$/.exec(text.trim());
  if (duration) return nowMs - Number(duration[1]) * UNITS[duration[2]!]!;
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(text)) throw new CliError(`--since "${text}": give a duration (30s, 15m, 2h, 3d) or an ISO time (2026-01-15T14:30:00Z)`);
  return ms;
}
