import { z } from 'zod';
import { defineCall, defineEvent } from './define';
import { WebhookDeliverySchema } from '../service';

/** The largest file a window hands over by its bytes (a drop, a file picker); larger: `hooklab import FILE`. */
export const MAX_DROPPED_IMPORT_BYTES = 64 * 1024 * 1024;

export const ImportOutcomeSchema = z.object({
  importId: z.number().int(),
  fileName: z.string(),
  kind: z.enum(['har', 'bundle']),
  count: z.number().int(),
  /** The bundle's service history rows stored with it (live.importedHistory reads them; 0 for a HAR). */
  historyRows: z.number().int(),
  firstId: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Requests judged otherwise here than the sender's Hooklab recorded (other keys, or a changed file). */
  verdictsDiffering: z.number().int(),
  /** How many requests got each verdict here. */
  verdicts: z.record(z.string(), z.number().int()),
});
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

/** The key id a bundle's deliveries verify under (its throwaway `signingKey`, never stored). */
export const BUNDLE_KEY_ID = 'bundle';

const FileNameSchema = z.string().min(1).max(255);

export const liveImportCalls = {
  'live.import': defineCall(
    'Import a HAR (Hooklab, ngrok, HTTP Toolkit, a browser) or a .hooklab bundle: its requests are judged with the folder\'s keys and stored as imported (never as received), whole or not at all. Give `path` (a file on this machine) or `file` (its name and bytes, from a window).',
    z.union([
      z.object({ path: z.string().min(1).max(4096) }).strict(),
      z.object({ file: z.object({ name: FileNameSchema, base64: z.string().max(Math.ceil(MAX_DROPPED_IMPORT_BYTES / 3) * 4 + 4) }).strict() }).strict(),
    ]),
    ImportOutcomeSchema,
    // A file of up to 512 MB is judged and stored in one go: no 30 s deadline cuts it short.
    { largeBody: true, longRunning: true },
  ),
  'live.importedHistory': defineCall(
    "The service history rows imported bundles carry for one event (the sender's service's, never this folder's history copy), oldest first, each with the file it came from.",
    z.object({ eventId: z.number().int(), limit: z.number().int().min(1).max(1000).default(100) }).strict(),
    z.object({ deliveries: z.array(WebhookDeliverySchema.extend({ importId: z.number().int(), fileName: z.string() })) }),
    { readOnly: true },
  ),
} as const;

export const liveImportEvents = {
  'live.imported': defineEvent(
    'A file was imported: its requests are stored (ids from firstId on), marked imported.',
    z.object({ importId: z.number().int(), fileName: z.string(), count: z.number().int(), firstId: z.number().int().nullable() }),
  ),
} as const;
