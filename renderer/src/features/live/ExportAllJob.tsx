import { useEffect, useRef, useState, type ReactElement } from 'react';
import { JobProgress } from '../../components/JobProgress';
import { useJob, useJobs } from '../../app-state/page-jobs';
import { download } from '../../lib/download';
import { transport } from '../../transport';

/** Ids a filtered export may name at once (the contract's cap). */
export const MAX_EXPORT_IDS = 100_000;

/** The NDJSON a finished export job wrote, read part by part (whole lines, about 16 MB each). */
export async function readExportResult(jobId: string): Promise<Blob> {
  const parts: string[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const part: { ndjson: string; nextOffset: number | null } = await transport.call('live.exportResult', { jobId, offset });
    parts.push(part.ndjson);
    offset = part.nextOffset;
  }
  return new Blob(parts, { type: 'application/x-ndjson' });
}

const fileName = () => `hooklab-deliveries-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;

/**
 * "Export all" (or the filtered view) as a job in the main process: its progress and Cancel in
 * the one JobProgress view; once it is done, its file is read back and downloaded (the same
 * temporary link in the desktop app and the browser).
 */
export function useExportAllJob(): { start: (ids: readonly number[] | null) => Promise<void>; running: boolean; view: ReactElement | null } {
  const jobs = useJobs();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const job = useJob(jobId);
  const downloaded = useRef<string | null>(null);

  useEffect(() => {
    if (!job || job.state !== 'done' || downloaded.current === job.jobId) return;
    downloaded.current = job.jobId;
    setReading(true);
    readExportResult(job.jobId)
      .then((blob) => download(blob, fileName()))
      .catch((e: Error) => setError(e.message))
      .finally(() => setReading(false));
  }, [job]);

  const start = async (ids: readonly number[] | null) => {
    setError(null);
    if (ids && ids.length > MAX_EXPORT_IDS) {
      setError(`At most ${MAX_EXPORT_IDS.toLocaleString('en-US')} filtered deliveries can be exported at once: narrow the filter, or clear it to export all.`);
      return;
    }
    try {
      const started = await transport.call('live.exportAll', ids ? { ids: [...ids] } : {});
      setJobId(started.jobId);
      void jobs.refresh(started.jobId);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const view =
    jobId || error ? (
      <div data-testid="live-export-job">
        {error && <p className="notice notice--error">{error}</p>}
        {jobId && (
          <JobProgress jobId={jobId}>
            {reading && <p className="muted">Downloading…</p>}
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setJobId(null);
                setError(null);
              }}
              data-testid="live-export-close"
            >
              Close
            </button>
          </JobProgress>
        )}
      </div>
    ) : null;
  return { start, running: job?.state === 'running' || reading, view };
}
