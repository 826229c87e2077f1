import { InputError } from './input-error';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** What `since` takes, said the same way by the terminal and the agent's tools. */
export const SINCE_HELP = 'a duration (30s, 15m, 2h, 3d) or an ISO time (2026-01-15T14:30:00Z)';

/**
 * `since` (the terminal's `--since`, `createdFrom=` of `--where`, the MCP tools' `since`) as epoch
 * milliseconds: a duration back from `nowMs`, or an ISO 8601 time. Only a text that starts as a
 * date counts as a time, so "1" is refused rather than read by `Date.parse` as the year 2001.
 * Anything else is an InputError naming `option` as the host calls it (`--since`, `since`).
 */
export function parseSince(text: string, nowMs: number, option = 'since'): number {
  const ms = readSince(text, nowMs);
  if (ms === null) throw new InputError(`${option} "${text}": give ${SINCE_HELP}`);
  return ms;
}

function readSince(text: string, nowMs: number): number | null {
  const duration = /^(\d+)([smhd])$/.exec(text.trim());
  if (duration) return nowMs - Number(duration[1]) * UNITS[duration[2]!]!;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
