import { z } from 'zod';

/** The scenario file format this Hooklab writes and reads; a newer file is refused, never guessed at. */
export const SCENARIO_FILE_VERSION = 1;
export const SCENARIO_FILE_FORMAT = 'hooklab-scenario';
/**
 * The largest scenario file read: 64 MiB (tens of thousands of recorded deliveries). Parsing
 * takes several times a file's size in memory, so the event cap alone (1,000,000) would let a
 * file take gigabytes.
 */
export const SCENARIO_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** One delivery as it was received: exact body, headers in order, time since the previous one. */
export const ScenarioEventSchema = z
  .object({
    /** Milliseconds between the previous delivery's arrival and this one's (0 for the first). */
    gapMs: z.number().int().min(0).max(7 * 86_400_000),
    receivedAt: z.string(),
    eventType: z.string().nullable(),
    eventId: z.string().nullable(),
    eventCreated: z.string().nullable(),
    headers: z.array(z.tuple([z.string(), z.string()])).max(500),
    /** The body when it is UTF-8 text (kept character for character, so byte for byte)... */
    body: z.string().optional(),
    /** ...else its bytes in Base64. */
    bodyBase64: z.string().optional(),
  })
  .strict()
  .refine((e) => (e.body === undefined) !== (e.bodyBase64 === undefined), { message: 'give exactly one of body and bodyBase64' });
export type ScenarioEvent = z.infer<typeof ScenarioEventSchema>;

export const ScenarioFileSchema = z
  .object({
    format: z.literal(SCENARIO_FILE_FORMAT),
    version: z.literal(SCENARIO_FILE_VERSION),
    recordedAt: z.string(),
    /**
     * Personal data in the bodies was replaced by pseudonyms (shared/redaction): the bodies are
     * not the bytes received, and no recorded signature is kept (every sender signs anew).
     */
    redacted: z.boolean().optional(),
    /** What was recorded: an order's deliveries or a list of delivery ids. */
    source: z.object({ orderId: z.string().optional(), ids: z.array(z.number().int()).optional() }).strict(),
    events: z.array(ScenarioEventSchema).min(1).max(1_000_000),
  })
  .strict();
export type ScenarioFile = z.infer<typeof ScenarioFileSchema>;

/**
 * A scenario file's text as every writer saves it (the CLI's `scenario record`, the chaos
 * replay, the flows): indented, so a committed file diffs event by event, and newline-ended.
 */
export function scenarioFileText(file: ScenarioFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}

/** The name the app suggests for an order's scenario file: the id, kept to safe file-name characters. */
export function scenarioFileName(orderId: string): string {
  return `scenario-${orderId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

/** Parses a scenario file's text: the file, or one line saying what is wrong with it. */
export function parseScenarioFile(text: string): { ok: true; file: ScenarioFile } | { ok: false; error: string } {
  // Characters, not bytes, but never fewer than the bytes they came from: a file past the bound is never parsed.
  if (text.length > SCENARIO_FILE_MAX_BYTES) return { ok: false, error: `larger than the ${SCENARIO_FILE_MAX_BYTES / 1024 / 1024} MiB a scenario file may be` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})` };
  }
  const head = raw as { format?: unknown; version?: unknown } | null;
  if (head === null || typeof head !== 'object' || head.format !== SCENARIO_FILE_FORMAT) return { ok: false, error: `not a Hooklab scenario file (no "format": "${SCENARIO_FILE_FORMAT}")` };
  if (typeof head.version === 'number' && head.version > SCENARIO_FILE_VERSION) {
    return { ok: false, error: `scenario file version ${head.version} is newer than this Hooklab reads (${SCENARIO_FILE_VERSION}): update Hooklab` };
  }
  const parsed = ScenarioFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${issue.path.join('.') || '(the file)'}: ${issue.message}` };
  }
  return { ok: true, file: parsed.data };
}

/** The body bytes of a recorded event. */
export function scenarioEventBytes(event: ScenarioEvent): Uint8Array {
  if (event.body !== undefined) return new TextEncoder().encode(event.body);
  const binary = atob(event.bodyBase64!);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
