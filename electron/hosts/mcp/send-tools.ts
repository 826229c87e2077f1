import { z } from 'zod';
import type { ReplayDetail } from '../../../shared/contract/replay';
import { CHECK_IDS } from '../../../shared/contract/replay-checks';
import { applyJsonSet } from '../../../shared/replay/json-set';
import type { Draft } from '../../../shared/contract/replay-drafts';
import type { ContractClient } from '../kit/contract-client';
import { bodyNote, bodyView, line, toolResult } from './tool-result';
import type { McpSendPolicy } from './send-policy';
import { withheldIn, withheldSignatures } from './withheld';
import { defineTool, type ToolDefinition } from './tool-definition';
import { runWithDeadline, timeoutSecondsArg } from './job-deadline';
import { AGENT_SENT_HEADER, AGENT_SENT_VALUE } from '../../../shared/signing/agent-sent';

const SetArg = z
  .record(z.string().min(1).max(200), z.unknown())
  .optional()
  .describe('Body changes by JSON path before signing, e.g. {"metadata.PaidAmount": "99.00", "metadata.orderDetail[0].quantity": "2"}');

const KEY_RULE = "with HOOKLAB_WEBHOOK_KEY given to hooklab mcp in its configuration, else the sandbox store's key; never another key of the data folder";
const TARGET_RULE = "Targets: the listener's forward targets, Replay's targets, Hooklab's own listener, or URLs the user gave `hooklab mcp --allow-target`; any other URL is refused.";

/** The draft with `set` applied to its JSON body. */
function withSet(draft: Draft, set: Record<string, unknown> | undefined): Draft {
  if (!set || Object.keys(set).length === 0) return draft;
  if (draft.request.body.kind !== 'text') throw new Error('set needs a JSON body; this one is not UTF-8 text');
  return { ...draft, request: { ...draft.request, body: { kind: 'text', text: applyJsonSet(draft.request.body.text, set) } } };
}

async function send(client: ContractClient, policy: McpSendPolicy, draft: Draft, to: string): Promise<{ replay: ReplayDetail; keyLabel: string }> {
  const targetUrl = await policy.requireTarget(to);
  const key = await policy.key();
  // Marked as the agent's: the listener never counts it as verified (agent-sent.ts).
  const headers = { ...draft.request.headers, extra: [...draft.request.headers.extra, [AGENT_SENT_HEADER, AGENT_SENT_VALUE] as [string, string]] };
  const { replays } = await client.call('replay.send', { request: { ...draft.request, headers, key: key.choice }, targetUrl, origin: draft.origin });
  return { replay: replays[0]!, keyLabel: key.label };
}

/**
 * What a send answers. Never the signature: it covers only the body and never expires, so an
 * agent that could read it could mint an event a real handler accepts. The key is named by label;
 * a handler echoing the signature back gets it withheld too.
 */
function sentResult(what: string, { replay: r, keyLabel }: { replay: ReplayDetail; keyLabel: string }) {
  const response = r.response ? withheldIn(bodyView(r.response.bodyBase64, r.response.bodyText), r.request.signature) : null;
  const answer = r.summary.error ? `failed: ${r.summary.error}` : `answered ${r.summary.status} in ${Math.round(r.summary.latencyMs ?? 0)} ms`;
  const text = [
    line`${what} sent to ${r.summary.targetUrl} signed with key "${keyLabel}": ${answer}.`,
    ...(response ? [`response body ${bodyNote(response)}, on one line:`, line`${response.content}`] : []),
  ].join('\n');
  return toolResult(text, {
    replayId: r.summary.id,
    targetUrl: r.summary.targetUrl,
    eventId: r.summary.eventId,
    eventType: r.summary.eventType,
    keyLabel,
    status: r.summary.status,
    error: r.summary.error,
    latencyMs: r.summary.latencyMs,
    responseBody: response,
    traceId: r.summary.traceId,
  });
}

/** replay_delivery, trigger_event and check_handler: requests Hooklab signs and sends. */
export function sendTools(client: ContractClient, policy: McpSendPolicy): ToolDefinition[] {
  return [
    defineTool({
      name: 'replay_delivery',
      calls: ['replay.open', 'replay.send'],
      description:
        `Send a received delivery again to a URL, re-signed after the \`set\` changes (${KEY_RULE}); its event id and created time are kept, as in the service's resends. ${TARGET_RULE} The result names the key, never the signature.`,
      input: z
        .object({
          id: z.number().int().positive().describe('Id of a received delivery (from list_deliveries)'),
          to: z.string().min(1).max(2000).describe('Target URL, e.g. http://127.0.0.1:3000/webhooks'),
          set: SetArg,
        })
        .strict(),
      async run({ id, to, set }) {
        const draft = withSet(await client.call('replay.open', { from: { kind: 'received', id } }), set);
        return sentResult(`Delivery #${id}`, await send(client, policy, draft, to));
      },
    }),
    defineTool({
      name: 'trigger_event',
      calls: ['replay.open', 'app.status', 'replay.send'],
      description:
        `Send a new event of a type (docs/service.md#event-types) built from Hooklab's template, with a fresh event id, signed (${KEY_RULE}). Without \`to\` it goes to Hooklab's own running listener. ${TARGET_RULE} The result names the key, never the signature.`,
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
        return sentResult(`A new ${eventType} event`, await send(client, policy, draft, target));
      },
    }),
    defineTool({
      name: 'check_handler',
      calls: ['replay.checkHandler'],
      description:
        `Run Hooklab's 10 checks against a webhook handler URL (valid signature accepted; invalid, missing, re-serialised and hex signatures rejected; duplicates, unknown types and large payloads acknowledged; timely answer…), each with its evidence (signature values withheld). Signed ${KEY_RULE}. ${TARGET_RULE}`,
      input: z
        .object({
          url: z.string().min(1).max(2000).describe("The handler's URL: a configured forward or Replay target"),
          only: z.array(z.enum(CHECK_IDS)).max(CHECK_IDS.length).optional().describe('Run only these checks'),
          timeoutMs: z.number().int().min(100).max(600_000).optional().describe('Answer deadline for timely-response (default 10 s)'),
          timeoutSeconds: timeoutSecondsArg,
        })
        .strict(),
      async run({ timeoutSeconds, ...args }) {
        const url = await policy.requireTarget(args.url);
        const key = await policy.key();
        const { result } = await runWithDeadline(client, timeoutSeconds, (jobId) => client.call('replay.checkHandler', { ...args, url, key: key.choice, jobId }));
        const r = withheldSignatures(result);
        const passed = r.checks.filter((c) => c.passed).length;
        const text = r.unreachable
          ? line`The handler at ${r.url} could not be reached: ${r.unreachable}. No check was judged.`
          : [
              line`${r.passed ? 'PASSED' : 'FAILED'}: ${passed} of ${r.checks.length} checks passed at ${r.url} (signed with key "${key.label}").`,
              ...r.checks.map((c) => line`${c.passed ? '✓' : '✗'} ${c.id}: ${c.message}${c.fix ? ` Fix: ${c.fix}` : ''}${c.warning ? ` Warning: ${c.warning}` : ''}`),
            ].join('\n');
        return toolResult(text, r as unknown as Record<string, unknown>);
      },
    }),
  ];
}
