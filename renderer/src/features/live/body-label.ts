import type { DeliverySummary } from '../../../../shared/contract/live';

/**
 * What the detail pane says about a body: its size and SHA-256, and for a body that is not
 * whole, that the hash is of the bytes kept, not of what the sender sent (so it is never
 * mistaken for the payload's hash).
 */
export function bodyLabel(
  summary: Pick<DeliverySummary, 'bodySize' | 'truncation'>,
  keptBytes: number,
  sha256: string,
  headers: ReadonlyArray<readonly [string, string]>,
): string {
  const hash = `${sha256.slice(0, 16)}…`;
  const n = (value: number) => value.toLocaleString('en-US');
  if (summary.truncation === 'over-limit') {
    const declared = headers.some(([name]) => name.toLowerCase() === 'content-length');
    const size = declared ? `${n(summary.bodySize)} bytes declared` : `more than ${n(summary.bodySize - 1)} bytes`;
    return `Over the limit (413): ${size}; only the first ${n(keptBytes)} kept · SHA-256 of the kept ${n(keptBytes)} bytes: ${hash}`;
  }
  if (summary.truncation === 'cut-off') {
    return `Cut off: ${n(keptBytes)} of ${n(summary.bodySize)} bytes arrived · SHA-256 of the ${n(keptBytes)} bytes received: ${hash}`;
  }
  return `${n(summary.bodySize)} bytes · SHA-256 ${hash}`;
}
