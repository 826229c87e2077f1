/** How every view writes a time: 24-hour local time, the date in front when it is not today. */

/**
 * "HH:MM:SS.mmm" local time for today's deliveries (the table needs to scan fast), with the
 * date in front for older ones ("2026-11-20 14:03:11.204").
 */
export function timeOf(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return today ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

/** The full local timestamp with its zone, for the hover title. */
export const fullTime = (iso: string) => `${new Date(iso).toString()} (${iso})`;
