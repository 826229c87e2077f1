import type { ReactElement } from 'react';
import { useExportJob } from '../../components/use-export-job';
import { transport } from '../../transport';

/** Ids a filtered export may name at once (the contract's cap). */
const MAX_EXPORT_IDS = 100_000;

/** The NDJSON a finished export job wrote, read part by part (whole lines, about 16 MB each). */
async function readExportResult(jobId: string): Promise<Blob> {
  const parts: string[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const part: { ndjson: string; nextOffset: number | null } = await transport.call(
      'live.exportResult',
      { jobId, offset },
    );
    parts.push(part.ndjson);
    offset = part.nextOffset;
  }
  return new Blob(parts, { type: 'application/x-ndjson' });
}

const fileName = () =>
  `hooklab-deliveries-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;

/**
 * "Export all" (or the filtered view) as a job in the main process, followed and downloaded by
 * the one export-job hook (as the share exports are).
 */
export function useExportAllJob(): {
  start: (ids: readonly number[] | null) => Promise<void>;
  running: boolean;
  view: ReactElement | null;
} {
  const job = useExportJob({ testId: 'live-export-job', closeTestId: 'live-export-close' });
  const start = (ids: readonly number[] | null) =>
    job.start({
      begin: async () => {
        if (ids && ids.length > MAX_EXPORT_IDS)
          throw new Error(
            `At most ${MAX_EXPORT_IDS.toLocaleString('en-US')} filtered deliveries can be exported at once: narrow the filter, or clear it to export all.`,
          );
        return transport.call('live.exportAll', ids ? { ids: [...ids] } : {});
      },
      read: async (jobId) => ({ blob: await readExportResult(jobId), fileName: fileName() }),
    });
  return { start, running: job.running, view: job.view };
}
