import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CallError } from '../../../shared/contract/errors';
import type { DeliveryStore } from '../../services/data/delivery-store';
import type { JobControl, Jobs } from '../../services/jobs/jobs';
import { ensurePrivateDir } from '../../services/platform/private-files';
import { writeJobFile } from '../../services/platform/job-file';
import { readExportPart } from '../../services/platform/read-lines';
import { exportLine } from './delivery-view';

/** Rows read per page, and the ids asked for at once (SQLite's IN list). */
const PAGE_ROWS = 2_000;
const IDS_PER_QUERY = 5_000;
/** Finished exports whose file is kept (the oldest is removed first). */
const KEEP_FILES = 5;

interface Kept {
  readonly file: string;
  readonly count: number;
}

/**
 * "Export all" as a job: every stored delivery (or the ids of a filtered view) written as NDJSON
 * to a file in the data folder's private `exports` folder, page by page, with progress and
 * cancel; the file is the job's result, read back part by part (live.exportResult), so neither
 * the renderer nor a script pages the database itself. Rows stay in id order; deliveries that
 * arrive during the export are left out (it exports what was stored when it started).
 */
export class LiveExports {
  private readonly kept = new Map<string, Kept>();
  private readonly dir: string;
  /** The export under way: one at a time per data folder (each writes a full copy of the store). */
  private running: { readonly jobId: string; readonly total: number; readonly selection: string } | null = null;

  constructor(
    dataDir: string,
    private readonly store: DeliveryStore,
    private readonly jobs: Jobs,
    /** How many rows "all" is: what Live lists (received and imported), not the listener's count alone. */
    private readonly listedCount: () => number = () => store.count(),
  ) {
    this.dir = join(dataDir, 'exports');
  }

  /** The files of a previous run are results of jobs it forgot: removed. */
  clearFolder(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Starts the export and answers at once. One export runs at a time: asked again for the same
   * deliveries while it runs, the answer is the running export (its job id and total: the same
   * file will hold them); asked for other deliveries, the call is refused naming it.
   */
  start(ids: readonly number[] | undefined): { jobId: string; total: number } {
    const sorted = ids ? [...new Set(ids)].sort((a, b) => a - b) : undefined;
    const selection = sorted ? sorted.join(',') : 'all';
    const running = this.running;
    if (running && this.jobs.get(running.jobId)?.state === 'running') {
      if (running.selection === selection) return { jobId: running.jobId, total: running.total };
      throw new CallError('conflict', `export ${running.jobId} is running: one export at a time (wait for it or cancel it)`);
    }
    const total = sorted ? sorted.length : this.listedCount();
    const title = sorted ? `Export ${total} deliveries` : `Export all ${total} deliveries`;
    const started = this.jobs.start({ kind: 'live.export', title, total }, (job) => this.run(job, sorted, total));
    this.running = { jobId: started.jobId, total, selection };
    // Its outcome is the job's (jobs.get) and the file's (exportResult); nobody awaits this.
    started.result.catch(() => undefined);
    return { jobId: started.jobId, total };
  }

  /** A part of a finished export's file, from `offset`, cut after a line. */
  async read(jobId: string, offset: number): Promise<{ ndjson: string; nextOffset: number | null; bytes: number; count: number }> {
    const job = this.jobs.get(jobId);
    const kept = this.kept.get(jobId);
    if (job?.kind === 'live.export' && job.state === 'running') throw new CallError('conflict', `export ${jobId} is still running`);
    if (!kept) throw new CallError('not-found', `export ${jobId} has no result (unknown, cancelled, failed, or removed by newer exports)`);
    const part = await readExportPart(kept.file, offset, `export ${jobId}`);
    return { ndjson: part.text, nextOffset: part.nextOffset, bytes: part.bytes, count: kept.count };
  }

  private async run(job: JobControl, ids: readonly number[] | undefined, total: number): Promise<{ count: number }> {
    ensurePrivateDir(this.dir);
    const file = join(this.dir, `${job.jobId}.ndjson`);
    const count = await writeJobFile(file, async (out) => {
      let written = 0;
      const chunks = ids ? chunked(ids, IDS_PER_QUERY) : [undefined];
      for (const chunk of chunks) {
        for (let after = 0; written < total; ) {
          if (job.signal.aborted) throw new Error('cancelled');
          // New rows get higher ids: the first `total` rows are what was stored at the start.
          const rows = this.store.exportRows({ ...(chunk ? { ids: chunk } : {}), afterId: after, limit: Math.min(PAGE_ROWS, total - written) });
          if (rows.length === 0) break;
          // Each page is written before the next is read: the event loop turns between pages.
          await out.write(rows.map((r) => exportLine(r) + '\n').join(''));
          rows.forEach(() => job.step());
          written += rows.length;
          after = rows.at(-1)!.summary.id;
        }
      }
      return written;
    });
    // Rows removed meanwhile (retention, Clear) leave the total short: the job says what it wrote.
    if (count < total) job.setTotal(count);
    this.keep(job.jobId, { file, count });
    return { count };
  }

  private keep(jobId: string, kept: Kept): void {
    this.kept.set(jobId, kept);
    for (const [oldId, old] of this.kept) {
      if (this.kept.size <= KEEP_FILES) break;
      this.kept.delete(oldId);
      rmSync(old.file, { force: true });
    }
  }
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
