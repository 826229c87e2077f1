const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The terminal's one way of writing a time: the local time of day, 24-hour ("14:02:11", with
 * `ms` "14:02:11.125"), as the docs show it; a time on another day than `nowMs` gets its date
 * first ("2026-11-27 14:02:11"). JSON output keeps ISO times: this is for people.
 */
export function terminalTime(at: string | number | Date, options: { ms?: boolean; nowMs?: number } = {}): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${options.ms ? `.${pad(date.getMilliseconds(), 3)}` : ''}`;
  const now = new Date(options.nowMs ?? Date.now());
  const sameDay = now.getFullYear() === date.getFullYear() && now.getMonth() === date.getMonth() && now.getDate() === date.getDate();
  return sameDay ? clock : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clock}`;
}
