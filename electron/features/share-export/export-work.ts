import type { ForwardResult } from '../../../shared/contract/live';
import type { ExportRow } from '../../services/data/delivery-store';

/** What a file writer is handed by the export's job: its file, its progress, its cancel. */
export interface ExportWork {
  /** Appends text to the file (awaited: the event loop turns between pages). */
  write(text: string): Promise<void>;
  /** Counts deliveries written, for the job's progress. */
  stepBy(n: number): void;
  /** Throws when the job was cancelled. */
  checkCancelled(): void;
  /** What the handlers answered a row (none read when it was not forwarded). */
  forwardsOf(row: ExportRow): ForwardResult[];
  /** Every secret the data folder holds: scrubbed wherever a sender put one. */
  readonly secrets: readonly string[];
}
