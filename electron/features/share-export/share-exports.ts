import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CallError } from '../../../shared/contract/errors';
import type { ShareSelection } from '../../../shared/contract/share-export';
import type { DeliveryStore } from '../../services/data/delivery-store';
import type { JobControl, Jobs } from '../../services/jobs/jobs';
import { ensurePrivateDir } from '../../services/platform/private-files';
import { writeJobFile } from '../../services/platform/job-file';
import { readExportPart } from '../../services/platform/read-lines';
import type { ExportWork } from './export-work';

/** Finished exports whose file is kept (the oldest is removed first). */
const KEEP_FILES = 10;

export type ShareFormat = 'har' | 'bundle';

interface Kept {
  readonly file: string;
  readonly fileName: string;
  readonly count: number;
}

/** The file's own work, given the job's file, progress and cancel. */
export type WriteFile = (work: ExportWork, limit: number) => Promise<number>;

const EXTENSION: Record<ShareFormat, string> = { har: 'har', bundle: 'hooklab' };

/**
 * Share exports as jobs (`share.export`): each writes its file into the data folder's private
 * `shares` folder as it reads (never the whole export in memory), with progress and cancel; a
 * cancelled or failed export leaves no file. The file is the job's result, read back part by
 * part (`share.exportResult`), or named by its path (MCP's `export_har`).
 */
export class ShareExports {
  private readonly kept = new Map<string, Kept>();
  /** Each export's outcome, for share.exportFinished (forgotten with its file). */
  private readonly outcomes = new Map<string, Promise<unknown>>();
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly store: DeliveryStore,
    private readonly jobs: Jobs,
    private readonly secrets: () => readonly string[],
  ) {
    this.dir = join(dataDir, 'shares');
  }

  /** The files of a previous run are results of jobs it forgot: removed. */
  clearFolder(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Starts the export of `total` selected deliveries and answers at once. */
  start(format: ShareFormat, selection: ShareSelection, total: number, writeFile: WriteFile): { jobId: string; total: number } {
    const what = format === 'har' ? 'HAR' : 'Bundle';
    const title = `${what} of ${total} ${total === 1 ? 'delivery' : 'deliveries'}${selection.orderId ? ` (order ${selection.orderId})` : ''}`;
    const started = this.jobs.start({ kind: 'share.export', title, total }, (job) => this.run(job, format, total, writeFile));
    // Its outcome is the job's (jobs.get) and the file's (exportResult); it never rejects unawaited.
    this.outcomes.set(started.jobId, started.result.catch(() => undefined));
    // Outcomes of exports that left no file are forgotten as jobs are (the newest 50 kept).
    for (const oldId of this.outcomes.keys()) {
      if (this.outcomes.size <= 50) break;
      if (!this.kept.has(oldId)) this.outcomes.delete(oldId);
    }
    return { jobId: started.jobId, total };
  }

  /** How an export ended, once it has: its file's path when it is done. */
  async finished(jobId: string): Promise<{ state: 'done' | 'cancelled' | 'failed'; path: string | null; count: number; error: string | null }> {
    const outcome = this.outcomes.get(jobId);
    if (!outcome) throw new CallError('not-found', `no share export ${jobId}`);
    await outcome;
    const job = this.jobs.get(jobId);
    const kept = this.kept.get(jobId);
    if (kept) return { state: 'done', path: kept.file, count: kept.count, error: null };
    return { state: job?.state === 'cancelled' ? 'cancelled' : 'failed', path: null, count: 0, error: job?.error ?? (job ? null : 'its file was removed by newer exports') };
  }

  /** A part of a finished export's file, from `offset`, cut after a line. */
  async read(jobId: string, offset: number): Promise<{ text: string; nextOffset: number | null; bytes: number; count: number; path: string; fileName: string }> {
    const job = this.jobs.get(jobId);
    const kept = this.kept.get(jobId);
    if (job?.kind === 'share.export' && job.state === 'running') throw new CallError('conflict', `export ${jobId} is still running`);
    if (!kept) throw new CallError('not-found', `export ${jobId} has no result (unknown, cancelled, failed, or removed by newer exports)`);
    const part = await readExportPart(kept.file, offset, `export ${jobId}`);
    return { ...part, count: kept.count, path: kept.file, fileName: kept.fileName };
  }

  private async run(job: JobControl, format: ShareFormat, total: number, writeFile: WriteFile): Promise<{ count: number; path: string }> {
    ensurePrivateDir(this.dir);
    const file = join(this.dir, `${job.jobId}.${EXTENSION[format]}`);
    const count = await writeJobFile(file, (out) =>
      writeFile(
        {
          write: async (text) => void (await out.write(text)),
          stepBy: (n) => {
            for (let i = 0; i < n; i++) job.step();
          },
          checkCancelled: () => {
            if (job.signal.aborted) throw new Error('cancelled');
          },
          forwardsOf: (row) => (row.summary.handler && row.summary.handler.targets > 0 ? this.store.forwards(row.summary.id) : []),
          secrets: this.secrets(),
        },
        total,
      ),
    );
    // Rows removed meanwhile (retention, Clear) leave the total short: the job says what it wrote.
    if (count < total) job.setTotal(count);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    this.keep(job.jobId, { file, fileName: `hooklab-${stamp}.${EXTENSION[format]}`, count });
    return { count, path: file };
  }

  private keep(jobId: string, kept: Kept): void {
    this.kept.set(jobId, kept);
    for (const [oldId, old] of this.kept) {
      if (this.kept.size <= KEEP_FILES) break;
      this.kept.delete(oldId);
      this.outcomes.delete(oldId);
      rmSync(old.file, { force: true });
    }
  }
}
