/**
 * One format for each kind of value, used by every page (docs/ui.md): counts grouped by
 * thousands, times in the user's locale on a 24-hour clock with the date when not today,
 * byte sizes in KiB/MiB/GiB. The exact value goes in a hover title (see components/ui/Value).
 */

/** A count as every view writes it: digits grouped by thousands ("5,094"), whatever the locale. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export interface TimeOptions {
  /** Milliseconds after the seconds (Live's table, where deliveries come within a second). */
  readonly ms?: boolean;
  /** False for hours and minutes only ("09:08": when a job ended, since when a banner counts). */
  readonly seconds?: boolean;
  /** What "today" is (tests). */
  readonly now?: Date;
  /** The locale (tests); the user's by default. */
  readonly locale?: string;
}

/**
 * A time for people: "19:00:43" today, "26/11/2026, 19:00:43" (the locale's date) before.
 * Always 24-hour, whatever the locale's habit. Empty for a missing or unreadable time.
 */
export function formatTime(iso: string | null | undefined, options: TimeOptions = {}): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const today = sameDay(d, options.now ?? new Date());
  return new Intl.DateTimeFormat(options.locale, {
    ...(today ? {} : { year: 'numeric', month: '2-digit', day: '2-digit' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds === false ? {} : { second: '2-digit' as const }),
    hourCycle: 'h23',
    ...(options.ms ? { fractionalSecondDigits: 3 } : {}),
  }).format(d);
}

/** The hover title of a time: the full ISO instant, as stored and as the service writes it. */
export function isoTitle(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString();
}

/** A byte size for people ("1.1 MiB"): one formatter for the app, the CLI and the check's messages. */
export { formatBytes } from '../../../shared/text/bytes';

/** The hover title of a byte size: the exact count. */
export const bytesTitle = (bytes: number): string => `${formatCount(bytes)} bytes`;

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
