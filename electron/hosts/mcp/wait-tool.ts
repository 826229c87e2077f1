import { z } from 'zod';
import { DEFAULT_DELIVERY_WAIT_MS, MAX_DELIVERY_WAIT_MS, type WaitForDeliveryResult } from '../../../shared/contract/live';
import type { ContractClient } from '../kit/contract-client';
import { deliveryLine } from './delivery-tools';
import { parseSince } from '../kit/since';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

const WaitArgs = z
  .object({
    type: z.string().min(1).max(100).optional().describe('Only this event type (e.g. SuccessPayment)'),
    orderId: z.string().min(1).max(200).optional().describe('Only deliveries about this orderId'),
    eventId: z.number().int().positive().optional().describe('Only this event id'),
    since: z.string().max(64).optional().describe('Count deliveries stored since: a duration back from now (30s, 15m) or an ISO 8601 time; default: the call'),
    timeoutMs: z.number().int().min(1).max(MAX_DELIVERY_WAIT_MS).default(DEFAULT_DELIVERY_WAIT_MS).describe('How long to wait, at most 60000 ms (default 30000)'),
  })
  .strict();

/** The filters in words, for the timeout's sentence. */
function filtersText(args: z.output<typeof WaitArgs>): string {
  const parts = [args.type && line`type ${args.type}`, args.orderId && line`order ${args.orderId}`, args.eventId && `event ${args.eventId}`].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function waitText(args: z.output<typeof WaitArgs>, r: WaitForDeliveryResult): string {
  if (r.match) return [`Arrived after ${r.waitedMs} ms:`, deliveryLine(r.match)].join('\n');
  const seconds = Math.round(args.timeoutMs / 100) / 10;
  const head = `Nothing matching arrived in ${seconds} s${filtersText(args)} since ${r.since}.`;
  if (r.arrivedCount === 0) return `${head} Nothing else arrived either: check where the service sends (history_pending, reconcile) and that the listener runs (reach).`;
  const more = r.arrivedCount > r.arrived.length ? `\n…and ${r.arrivedCount - r.arrived.length} more.` : '';
  return `${head} ${r.arrivedCount} other deliveries arrived meanwhile:\n${r.arrived.map(deliveryLine).join('\n')}${more}`;
}

/** wait_for_delivery: the delivery an agent just triggered, the moment the listener stores it. */
export function waitTool(client: ContractClient, now: () => number): ToolDefinition {
  return defineTool({
    name: 'wait_for_delivery',
    calls: ['live.waitForDelivery'],
    description:
      'Wait until the Hooklab listener stores a delivery matching type, orderId and eventId (call it before triggering the event, or give `since`), and get it as soon as it is stored. On timeout (default 30 s, at most 60 s) it is not an error: the result says nothing matching arrived and lists what did arrive meanwhile.',
    input: WaitArgs,
    async run(args) {
      const since = args.since === undefined ? {} : { since: new Date(parseSince(args.since, now())).toISOString() };
      const r = await client.call('live.waitForDelivery', {
        ...(args.type !== undefined ? { type: args.type } : {}),
        ...(args.orderId !== undefined ? { orderId: args.orderId } : {}),
        ...(args.eventId !== undefined ? { eventId: args.eventId } : {}),
        ...since,
        timeoutMs: args.timeoutMs,
      });
      return toolResult(waitText(args, r), { matched: r.match !== null, ...r });
    },
  });
}
