import {
  bytesTitle,
  formatBytes,
  formatCount,
  formatTime,
  isoTitle,
  type TimeOptions,
} from '../../lib/format';

/** A time in the one format (lib/format), the full ISO instant on hover. */
export function Time({
  iso,
  ms,
  className,
}: {
  iso: string | null | undefined;
  ms?: boolean;
  className?: string;
}) {
  const options: TimeOptions = ms ? { ms } : {};
  return (
    <time className={className} dateTime={iso ?? undefined} title={isoTitle(iso)}>
      {formatTime(iso, options)}
    </time>
  );
}

/** A byte size in KiB/MiB/GiB, the exact count on hover. */
export function Bytes({ bytes }: { bytes: number }) {
  return <span title={bytesTitle(bytes)}>{formatBytes(bytes)}</span>;
}

/** A count with thousands separators. */
export function Count({ n }: { n: number }) {
  return <>{formatCount(n)}</>;
}
