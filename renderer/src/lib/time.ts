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

/**
 * How long ago a result was computed, for results that stay on screen ("just now", "9 min ago",
 * "2 h ago"): a result shown as current must say its age.
 */
export function agoText(iso: string, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}
