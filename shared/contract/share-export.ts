/**
 * Calls that write what Hooklab captured to a file to hand over (docs/share.md): a HAR 1.2 file
 * and a `.hooklab` bundle. Each export runs as a job (`share.export` kind) that writes the file
 * into the data folder's private `shares` folder; `share.exportResult` reads it back part by part.
 */
import { z } from 'zod';
import { defineCall } from './define';
import { JobIdSchema } from './jobs';

/** Which deliveries an export holds: the filters combine; none: every stored delivery. */
export const ShareSelectionSchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(100_000).optional(),
    eventType: z.string().min(1).max(100).optional(),
    orderId: z.string().min(1).max(200).optional(),
    /** Received at or after this time (ISO 8601). */
    since: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type ShareSelection = z.infer<typeof ShareSelectionSchema>;

const Started = z.object({ jobId: JobIdSchema, total: z.number().int() });

export const shareExportCalls = {
  'share.exportHar': defineCall(
    'Write the selected deliveries (ids, eventType, orderId, since; none: all) as a HAR 1.2 file in a job (`share.export` kind): answers `{ jobId, total }` at once; jobs.get follows it, jobs.cancel stops it; share.exportResult reads the file. `redact`: personal data replaced by pseudonyms, secret headers removed.',
    z.object({ selection: ShareSelectionSchema.default({}), redact: z.boolean().default(false) }).strict(),
    Started,
  ),
  'share.exportBundle': defineCall(
    'Write the selected deliveries as a `.hooklab` bundle (docs/share.md) in a job: exact bytes and headers re-signed with a throwaway key it holds, the history rows, derived sequences, handler answers and traces, and the note. Redacted unless `redact` is false.',
    z.object({ selection: ShareSelectionSchema.default({}), note: z.string().max(10_000).default(''), redact: z.boolean().default(true) }).strict(),
    Started,
  ),
  'share.exportResult': defineCall(
    'A part of a finished share export, from byte `offset` (whole lines, about 16 MB at most; `nextOffset` null at the end), with the file\'s path in the data folder and its suggested name.',
    z.object({ jobId: JobIdSchema, offset: z.number().int().min(0).default(0) }).strict(),
    z.object({ text: z.string(), nextOffset: z.number().int().nullable(), bytes: z.number().int(), count: z.number().int(), path: z.string(), fileName: z.string() }),
  ),
  'share.exportFinished': defineCall(
    'Holds until a share export\'s job ends (jobs.cancel ends it early), then answers how: `done` with the file\'s path in the data folder and how many deliveries it holds, or `cancelled`/`failed` (no file) with the reason.',
    z.object({ jobId: JobIdSchema }).strict(),
    z.object({ state: z.enum(['done', 'cancelled', 'failed']), path: z.string().nullable(), count: z.number().int(), error: z.string().nullable() }),
    { longRunning: true, readOnly: true },
  ),
} as const;
