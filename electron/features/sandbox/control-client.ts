import { z } from 'zod';
import { CallError } from '../../../shared/contract/errors';
import {
  SandboxChaosSchema,
  type SandboxChaos,
  type SandboxDeliveryOutcome,
  type SandboxRunResult,
  type SandboxScenario,
} from '../../../shared/contract/sandbox';
import type { WebhookEvent } from '../../../shared/service';

/** What the control API answers for sends: logged deliveries (see docs/service.md#webhook-delivery) and unlogged ones (chaos). */
const DeliveriesSchema = z.object({
  orderId: z.string().optional(),
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      eventId: z.number().int(),
      eventType: z.string(),
      url: z.string(),
      responseStatusCode: z.number().int(),
      delivered: z.boolean(),
    }),
  ),
  unlogged: z.array(z.object({ url: z.string(), responseStatusCode: z.number().int(), delivered: z.boolean() })),
});
const ScenarioListSchema = z.object({
  scenarios: z.array(z.object({ name: z.string(), description: z.string() })),
});

/**
 * Talks to the embedded sandbox through its control API (`/_sandbox`), like any client would,
 * so the feature depends on the sandbox's published interface and not on its internals.
 */
export class SandboxControlClient {
  constructor(
    private readonly controlUrl: string,
    /** The sandbox's control token: only this process has it. */
    private readonly token: string,
    private readonly fetchFn: typeof fetch,
  ) {}

  scenarios(): Promise<SandboxScenario[]> {
    return this.request('GET', '/scenarios', undefined, ScenarioListSchema).then((r) => r.scenarios);
  }

  /** Plays a scenario; `runId` names its delivery attempts (onAttempt), `signal` stops waiting for it. */
  async runScenario(storeId: string, name: string, run: { runId?: string; signal?: AbortSignal } = {}): Promise<SandboxRunResult> {
    const body = { storeId, ...(run.runId ? { runId: run.runId } : {}) };
    return toRunResult(await this.request('POST', `/scenarios/${encodeURIComponent(name)}`, body, DeliveriesSchema, run.signal));
  }

  async sendEvent(storeId: string, event: WebhookEvent): Promise<SandboxRunResult> {
    return toRunResult(await this.request('POST', `/stores/${encodeURIComponent(storeId)}/events`, event, DeliveriesSchema));
  }

  setChaos(storeId: string, patch: Partial<SandboxChaos> & { reset?: boolean }): Promise<SandboxChaos> {
    return this.request('PUT', `/stores/${encodeURIComponent(storeId)}/chaos`, patch, SandboxChaosSchema);
  }

  private async request<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchFn(this.controlUrl + path, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? null : JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw new CallError('conflict', 'cancelled: the sandbox finishes the deliveries it started (with their retries), as the service would');
      throw new CallError('unavailable', `the sandbox is not reachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const message = describeControlError(json) ?? `HTTP ${response.status}`;
      throw new CallError(response.status === 404 ? 'not-found' : response.status < 500 ? 'invalid-args' : 'upstream', `sandbox: ${message}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CallError('upstream', `sandbox answered ${method} ${path} in an unexpected shape`);
    return parsed.data;
  }
}

function toRunResult(body: z.infer<typeof DeliveriesSchema>): SandboxRunResult {
  const logged: SandboxDeliveryOutcome[] = body.deliveries.map((d) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    url: d.url,
    responseStatusCode: d.responseStatusCode,
    delivered: d.delivered,
  }));
  const unlogged: SandboxDeliveryOutcome[] = body.unlogged.map((u) => ({ id: null, eventId: null, eventType: null, ...u }));
  return { orderId: body.orderId ?? null, deliveries: [...logged, ...unlogged] };
}

function describeControlError(json: unknown): string | null {
  if (json && typeof json === 'object') {
    const o = json as Record<string, unknown>;
    for (const k of ['message', 'error', 'title', 'detail']) if (typeof o[k] === 'string') return o[k];
  }
  return null;
}
