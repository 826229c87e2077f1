import { z } from 'zod';
import { defineCall, NoArgs, Ok } from './define';
import { LevelSchema } from '../service';
import { JobIdSchema } from './jobs';

/**
 * Calls and events of the Sandbox area (embedded emulator, scenarios, environment switch).
 *
 * One deliberate exception to "secrets never reach the renderer": `sandbox.revealCredentials`
 * returns the embedded sandbox's OWN generated test credentials. They are throwaway values of a
 * local emulator that the user's handler needs to verify signatures; live secrets never leave
 * the main process.
 */

/** Fault injection of the sandbox store (rates are probabilities 0..1). */
export const SandboxChaosSchema = z.object({
  duplicateRate: z.number().min(0).max(1),
  reorderWindowMs: z.number().int().min(0).max(60_000),
  unloggedRate: z.number().min(0).max(1),
  slowResponsesMs: z.number().int().min(0).max(60_000),
  failResendLogging: z.boolean(),
});
export type SandboxChaos = z.infer<typeof SandboxChaosSchema>;

/** Where the embedded sandbox runs and how its store is set up; no secret values. */
export const SandboxInfoSchema = z.object({
  running: z.boolean(),
  /** The service's base URL (token, charges, payment links). */
  baseUrl: z.string().nullable(),
  /** The delivery-history API's base URL. */
  apiV3Url: z.string().nullable(),
  /** The sandbox's own control API (scenarios, events, chaos). */
  controlUrl: z.string().nullable(),
  storeId: z.string().nullable(),
  clientId: z.string().nullable(),
  /** The store's webhook URL setting (Hooklab's listener unless changed). */
  webhookUrl: z.string().nullable(),
  chaos: SandboxChaosSchema.nullable(),
  error: z.string().nullable(),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export const SandboxCredentialsSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  secretKey: z.string(),
  /** The key the sandbox signs webhooks with (X-Svc-Hmac-Sha256). */
  webhookKey: z.string(),
});
export type SandboxCredentials = z.infer<typeof SandboxCredentialsSchema>;

export const SandboxScenarioSchema = z.object({
  name: z.string(),
  description: z.string(),
});
export type SandboxScenario = z.infer<typeof SandboxScenarioSchema>;

/** What became of one delivery the sandbox sent (after its automatic retries). */
export const SandboxDeliveryOutcomeSchema = z.object({
  /** Delivery id in the sandbox history; null when it could not be logged (chaos). */
  id: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  /** Null for an unlogged delivery: the control API reports only its URL and answer. */
  eventType: z.string().nullable(),
  url: z.string(),
  responseStatusCode: z.number().int(),
  delivered: z.boolean(),
});
export type SandboxDeliveryOutcome = z.infer<typeof SandboxDeliveryOutcomeSchema>;

export const SandboxRunResultSchema = z.object({
  /** The order a scenario worked on; null for a custom event. */
  orderId: z.string().nullable(),
  deliveries: z.array(SandboxDeliveryOutcomeSchema),
});
export type SandboxRunResult = z.infer<typeof SandboxRunResultSchema>;

/** A custom event (docs/service.md#webhook-event); `type` and `orderType` are free text, as the service may add new ones. */
export const SandboxEventInputSchema = z
  .object({
    orderId: z.string().min(1).max(100),
    orderReference: z.string().max(200).nullable().optional(),
    orderType: z.string().min(1).max(100),
    description: z.string().max(2000),
    level: LevelSchema,
    type: z.string().min(1).max(100),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .strict();

export const sandboxCalls = {
  'sandbox.info': defineCall('Where the embedded sandbox runs, its store and its chaos settings.', NoArgs, SandboxInfoSchema, { readOnly: true }),
  'sandbox.revealCredentials': defineCall(
    "The sandbox store's own generated test credentials (the one deliberate secret exception: local throwaway values).",
    NoArgs,
    SandboxCredentialsSchema,
  ),
  'sandbox.scenarios': defineCall(
    'Scenarios the sandbox can play (each sends a realistic series of webhooks).',
    NoArgs,
    z.object({ scenarios: z.array(SandboxScenarioSchema) }),
    { readOnly: true },
  ),
  'sandbox.runScenario': defineCall(
    'Plays one scenario on the sandbox store as a job (each delivery attempt, retries included, is a step of job.progress; jobs.cancel stops waiting); resolves when its deliveries (with retries) are done.',
    z.object({ name: z.string().min(1).max(100), jobId: JobIdSchema.optional() }).strict(),
    SandboxRunResultSchema,
    { longRunning: true },
  ),
  'sandbox.sendEvent': defineCall(
    'Sends a custom event (docs/service.md#webhook-event) from the sandbox store to its webhook URL, signed with its key.',
    z.object({ event: SandboxEventInputSchema }).strict(),
    SandboxRunResultSchema,
    { longRunning: true },
  ),
  'sandbox.setChaos': defineCall(
    'Changes fault injection of the sandbox store; fields left out keep their value, reset clears all.',
    SandboxChaosSchema.partial().extend({ reset: z.boolean().optional() }).strict(),
    SandboxChaosSchema,
  ),
  'sandbox.setWebhookUrl': defineCall(
    "Sets the sandbox store's webhook URL as the merchant portal does (docs/service.md#webhook-registration): several URLs separated by `;`, each getting its own event id; the listener's own address is what Hooklab sets by default.",
    z.object({ url: z.string().min(1).max(4000) }).strict(),
    z.object({ webhookUrl: z.string(), urls: z.array(z.string()) }),
  ),
  'sandbox.useSandbox': defineCall(
    'Makes the sandbox the active environment (switching to a live one is settings.update).',
    NoArgs,
    Ok,
  ),
} as const;
export const sandboxEvents = {} as const;
