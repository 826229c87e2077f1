import type { CallResult } from '../../../../shared/contract';
import type { Transport } from '../../transport/transport';

/** Ids per live.export call (and rows per page at most). */
const EXPORT_CHUNK = 5_000;

/**
 * NDJSON of the given deliveries, fetched a page at a time and kept as Blob parts, so exporting
 * many deliveries never builds one giant string (everything is the `live.exportAll` job's). The
 * core cuts each page at a byte budget as well as a row count (5 MB bodies come a few at a
 * time); `onProgress` hears how many of how many are done after each page.
 */
export async function exportNdjson(
  transport: Transport,
  ids: readonly number[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Blob> {
  const parts: string[] = [];
  const sorted = [...ids].sort((a, b) => a - b);
  let done = 0;
  for (let i = 0; i < sorted.length; i += EXPORT_CHUNK) {
    const chunk = sorted.slice(i, i + EXPORT_CHUNK);
    let after: number | null = 0;
    while (after !== null) {
      const page: CallResult<'live.export'> = await transport.call('live.export', { ids: chunk, afterId: after, limit: EXPORT_CHUNK });
      parts.push(page.ndjson);
      done += page.count;
      onProgress(done, sorted.length);
      after = page.nextAfterId;
    }
  }
  return new Blob(parts, { type: 'application/x-ndjson' });
}
