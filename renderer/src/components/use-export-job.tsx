import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useJob, useJobs } from '../app-state/page-jobs';
import { download } from '../lib/download';
import { JobProgress } from './JobProgress';

/** A finished export's file, read back from the main process. */
export interface ExportFile {
  readonly blob: Blob;
  readonly fileName: string;
}

/** One export: the call that starts its job, and how its file is read back once the job is done. */
export interface ExportCalls {
  /** Starts the job in the main process; a refusal (thrown) is said under the menu. */
  readonly begin: () => Promise<{ jobId: string }>;
  readonly read: (jobId: string) => Promise<ExportFile>;
}

export interface ExportJobOptions {
  /** The view's test id; its Saved line is `<testId>-saved`. */
  readonly testId: string;
  /** The Close button's test id (`<testId>-close` unless given). */
  readonly closeTestId?: string;
  /** False where the view lives in a dialog that closes it. */
  readonly closable?: boolean;
}

/** What a page does with an export: start one, whether one is under way, and its view. */
export interface ExportJob {
  readonly start: (calls: ExportCalls) => Promise<void>;
  readonly running: boolean;
  readonly view: ReactElement | null;
}

/**
 * An export as a job in the main process (Live's NDJSON, a HAR, a bundle): its progress and
 * Cancel in the one JobProgress view; once it is done, its file is read back and saved as a
 * download (the same temporary link in the desktop app and the browser), once per job.
 */
export function useExportJob({
  testId,
  closeTestId = `${testId}-close`,
  closable = true,
}: ExportJobOptions): ExportJob {
  const jobs = useJobs();
  const [started, setStarted] = useState<{ jobId: string; read: ExportCalls['read'] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const job = useJob(started?.jobId ?? null);
  const downloaded = useRef<string | null>(null);

  useEffect(() => {
    if (!job || !started || job.state !== 'done' || downloaded.current === job.jobId) return;
    downloaded.current = job.jobId;
    setReading(true);
    started
      .read(job.jobId)
      .then(({ blob, fileName }) => {
        download(blob, fileName);
        setSaved(fileName);
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setReading(false));
  }, [job, started]);

  const start = async ({ begin, read }: ExportCalls) => {
    setError(null);
    setSaved(null);
    try {
      const { jobId } = await begin();
      setStarted({ jobId, read });
      void jobs.refresh(jobId);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const close = () => {
    setStarted(null);
    setError(null);
    setSaved(null);
  };
  const view =
    started || error ? (
      <div data-testid={testId}>
        {error && <p className="notice notice--error">{error}</p>}
        {started && (
          <JobProgress jobId={started.jobId}>
            {reading && <p className="muted">Downloading…</p>}
            {saved && (
              <p className="muted" data-testid={`${testId}-saved`}>
                Saved as <span className="mono">{saved}</span>
              </p>
            )}
            {closable && (
              <button
                type="button"
                className="button button--small"
                onClick={close}
                data-testid={closeTestId}
              >
                Close
              </button>
            )}
          </JobProgress>
        )}
      </div>
    ) : null;
  return { start, running: job?.state === 'running' || reading, view };
}
