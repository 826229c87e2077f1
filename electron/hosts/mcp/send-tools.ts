import { z } from 'zod';
import { CHECK_IDS, type ReplayDetail } from '../../../shared/contract/replay';
import { applyJsonSet } from '../../../shared/replay/json-set';
import type { Draft } from '../../../shared/contract/replay';
import type { ContractClient } from './contract-client';
import { bodyNote, bodyView, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';
import { runWithDeadline, timeoutSecondsArg } from './job-deadline';

const SetArg = z
  .record(z.string().min(1).max(200), z.unknown())
  .optional()
  .describe('Body changes by JSON path before signing, e.g. {"metadata.PaidAmount": "99.00", "metadata.orderDetail[0].quantity": "2"}');

/** The draft with `set` applied to its JSON body. */
function withSet(draft: Draft, set: Record<string, unknown> | undefined): Draft {
  if (!set || Object.keys(set).length === 0) return draft;
  if (draft.request.body.kind !== 'text') throw new Error('set needs a JSON body; this one is not UTF-8 text');
  return { ...draft, request: { ...draft.request, body: { kind: 'text', text: applyJsonSet(draft.request.body.text, set) } } };
}

async function send(client: ContractClient, draft: Draft, to: string): Promise<ReplayDetail> {
  const { replays } = await client.call('replay.send', { request: draft.request, targetUrl: to, origin: draft.origin });
  return replays[0]!;
}

function sentResult(what: string, r: ReplayDetail) {
  const response = r.response ? bodyView(r.response.bodyBase64, r.response.bodyText) : null;
  const answer = r.summary.error ? `failed: ${r.summary.error}` : `answered ${r.summary.status} in ${Math.round(r.summary.latencyMs ?? 0)} ms`;
  const text = [
    `${what} sent to ${r.summary.targetUrl} signed with ${r.request.keyLabel ?? 'no key'} (X-Svc-Hmac-Sha256 ${r.request.signature ?? 'absent'}): ${answer}.`,
    ...(response ? [`response body ${bodyNote(response)}:`, response.content] : []),
  ].join('\n');
  return toolResult(text, {
    replayId: r.summary.id,
    targetUrl: r.summary.targetUrl,
    eventId: r.summary.eventId,
    eventType: r.summary.eventType,
    signature: r.request.signature,
    keyLabel: r.request.keyLabel,
    status: r.summary.status,
    error: r.summary.error,
    latencyMs: r.summary.latencyMs,
    responseBody: response,
  });
}

/** replay_delivery, trigger_event and check_handler: requests Hooklab signs and sends. */
export function sendTools(client: ContractClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'replay_delivery',
      description:
        "Send a received delivery again to a URL, re-signed with the listener's current key after the `set` changes; its event id and created time are kept, as in the service's resends. Loopback URLs only unless the data folder allows other hosts (Replay targets).",
      input: z
        .object({
          id: z.number().int().positive().describe('Id of a received delivery (from list_deliveries)'),
          to: z.string().min(1).max(2000).describe('Target URL, e.g. http://127.0.0.1:3000/webhooks'),
          set: SetArg,
        })
        .strict(),
      async run({ id, to, set }) {
        const draft = withSet(await client.call('replay.open', { from: { kind: 'received', id } }), set);
        return sentResult(`Delivery #${id}`, await send(client, draft, to));
      },
    }),
    defineTool({
      name: 'trigger_event',
      description:
        "Send a new event of a type (6.4) built from Hooklab's template, with a fresh event id, signed with the listener's current key. Without `to` it goes to Hooklab's own running listener.",
      input: z
        .object({
          eventType: z.string().min(1).max(100).describe('Event type, e.g. SuccessPayment, Updated, ThreeDSecureAuthSucceeded'),
          to: z.string().min(1).max(2000).optional().describe('Target URL; default: the running listener'),
          orderId: z.string().min(1).max(200).optional().describe('orderId of the event'),
          set: SetArg,
        })
        .strict(),
      async run({ eventType, to, orderId, set }) {
        const opened = await client.call('replay.open', { from: { kind: 'template', eventType } });
        const draft = withSet(opened, { ...(orderId !== undefined ? { orderId } : {}), ...set });
        const target = to ?? (await client.call('app.status', {})).listener.url;
        if (!target) throw new Error('the listener is not running here: give `to`');
        return sentResult(`A new ${eventType} event`, await send(client, draft, target));
      },
    }),
    defineTool({
      name: 'check_handler',
      description:
        "Run Hooklab's 10 checks against a webhook handler URL (valid signature accepted; invalid, missing, re-serialised and hex signatures rejected; duplicates, unknown types and large payloads acknowledged; timely answer…), each with its evidence.",
      input: z
        .object({
          url: z.string().min(1).max(2000).describe("The handler's URL (loopback unless allowed)"),
          only: z.array(z.enum(CHECK_IDS)).max(CHECK_IDS.length).optional().describe('Run only these checks'),
          timeoutMs: z.number().int().min(100).max(600_000).optional().describe('Answer deadline for timely-response (default 10 s)'),
          timeoutSeconds: timeoutSecondsArg,
        })
        .strict(),
      async run({ timeoutSeconds, ...args }) {
        const { result: r } = await runWithDeadline(client, timeoutSeconds, (jobId) => client.call('replay.checkHandler', { ...args, jobId }));
        const passed = r.checks.filter((c) => c.passed).length;
        const text = r.unreachable
          ? `The handler at ${r.url} could not be reached: ${r.unreachable}. No check was judged.`
          : [
              `${r.passed ? 'PASSED' : 'FAILED'}: ${passed} of ${r.checks.length} checks passed at ${r.url} (signed with ${r.keyLabel ?? 'no key'}).`,
              ...r.checks.map((c) => `${c.passed ? '✓' : '✗'} ${c.id}: ${c.message}${c.fix ? ` Fix: ${c.fix}` : ''}${c.warning ? ` Warning: ${c.warning}` : ''}`),
            ].join('\n');
        return toolResult(text, r as unknown as Record<string, unknown>);
      },
    }),
  ];
}
