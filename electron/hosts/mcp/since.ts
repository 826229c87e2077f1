/** `--since` of `hooklab events`: a duration back from now (`30s`, `15m`, `2h`, `7d`) or an ISO time. */
export function parseSince(since: string, now: number): number {
  const d = /^(\d+)(s|m|h|d)$/.exec(since.trim());
  if (d) return now - Number(d[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[d[2] as 's' | 'm' | 'h' | 'd'];
  const t = Date.parse(since);
  if (Number.isNaN(t)) throw new Error(`since "${since}" is neither a duration (30s, 15m, 2h, 7d) nor an ISO 8601 time`);
  return t;
}
