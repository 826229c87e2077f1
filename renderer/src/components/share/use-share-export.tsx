import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { ShareSelection } from '../../../../shared/contract/share-export';
import { useJob, useJobs } from '../../app-state/page-jobs';
import { download } from '../../lib/download';
import { useTransport } from '../../transport';
import { JobProgress } from '../JobProgress';

export type ShareRequest = { readonly format: 'har'; readonly redact: boolean } | { readonly format: 'bundle'; readonly redact: boolean; readonly note: string };

const MIME = { har: 'application/json', bundle: 'application/vnd.hooklab.bundle+json' } as const;

/**
 * A share export (HAR or bundle, docs/share.md) as a job in the main process: its progress and
 * Cancel in the one JobProgress view; once it is done, its file is read back part by part and
 * saved as a download, as Live's other exports are.
 */
export function useShareExport(testId: string, options: { closable?: boolean } = {}): { start: (selection: ShareSelection, request: ShareRequest) => Promise<void>; running: boolean; view: ReactElement | null } {
  const jobs = useJobs();
  const transport = useTransport();
  const [started, setStarted] = useState<{ jobId: string; format: ShareRequest['format'] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const job = useJob(started?.jobId ?? null);
  const downloaded = useRef<string | null>(null);

  useEffect(() => {
    if (!job || !started || job.state !== 'done' || downloaded.current === job.jobId) return;
    downloaded.current = job.jobId;
    setReading(true);
    (async () => {
      const parts: string[] = [];
      let fileName = '';
      for (let offset: number | null = 0; offset !== null; ) {
        const part: { text: string; nextOffset: number | null; fileName: string } = await transport.call('share.exportResult', { jobId: job.jobId, offset });
        parts.push(part.text);
        fileName = part.fileName;
        offset = part.nextOffset;
      }
      download(new Blob(parts, { type: MIME[started.format] }), fileName);
      setSaved(fileName);
    })()
      .catch((e: Error) => setError(e.message))
      .finally(() => setReading(false));
  }, [job, started, transport]);

  const start = async (selection: ShareSelection, request: ShareRequest) => {
    setError(null);
    setSaved(null);
    try {
      const answer =
        request.format === 'har'
          ? await transport.call('share.exportHar', { selection, redact: request.redact })
          : await transport.call('share.exportBundle', { selection, redact: request.redact, note: request.note });
      setStarted({ jobId: answer.jobId, format: request.format });
      void jobs.refresh(answer.jobId);
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
            {options.closable !== false && (
              <button type="button" className="button button--small" onClick={close} data-testid={`${testId}-close`}>
                Close
              </button>
            )}
          </JobProgress>
        )}
      </div>
    ) : null;
  return { start, running: job?.state === 'running' || reading, view };
}
