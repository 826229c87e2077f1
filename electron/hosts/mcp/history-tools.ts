import { z } from 'zod';
import type { ContractClient } from '../kit/contract-client';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';
import { runWithDeadline, timeoutSecondsArg } from './job-deadline';

/** history_pending and resend: the service's delivery history (4.7-4.9) through the active environment. */
export function historyTools(client: ContractClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'history_pending',
      calls: ['history.events'],
      description:
        "Events of the service's delivery history that no delivery has reached yet (pending: none delivered), from Hooklab's local copy of the active environment, newest first.",
      input: z.object({ limit: z.number().int().min(1).max(1000).default(50) }).strict(),
      async run({ limit }) {
        const r = await client.call('history.events', { pendingOnly: true, limit });
        const lines = r.events.map(
          (e) => line`event ${e.eventId} ${e.eventType} order ${e.orderId ?? '-'} created ${e.eventCreated}: ${e.deliveries} deliveries, last #${e.lastDeliveryId} answered ${e.lastStatus}`,
        );
        const text = r.events.length === 0 ? 'No pending event in the local copy of the history.' : `${r.pendingEvents} pending events:\n${lines.join('\n')}`;
        return toolResult(text, { pendingEvents: r.pendingEvents, events: r.events });
      },
    }),
    defineTool({
      name: 'resend',
      calls: ['history.resend', 'history.resendPending'],
      description:
        "Ask the service to resend (docs/service.md#resend) one delivery of its history by id (it goes to the store's configured webhook URL, signed by the service), or every pending event with `pending: true`.",
      input: z
        .object({
          id: z.number().int().positive().optional().describe('History delivery id (or an event id) to resend'),
          pending: z.boolean().optional().describe('Resend every pending event instead'),
          timeoutSeconds: timeoutSecondsArg,
        })
        .strict()
        .refine((a) => (a.id !== undefined) !== (a.pending === true), { message: 'give either id or pending: true' }),
      async run({ id, pending, timeoutSeconds }) {
        if (pending) {
          const { result: r, timedOut } = await runWithDeadline(client, timeoutSeconds, (jobId) => client.call('history.resendPending', { jobId }));
          const problems = r.problems.slice(0, 10).map((p) => line`  ${p.id}: ${p.kind}. ${p.message}`);
          const cut = r.state === 'cancelled' ? ` The job ${r.jobId} was cancelled${timedOut ? ` after ${timeoutSeconds} s` : ''}: the rest was not sent.` : '';
          const text = [`Resent ${r.total} pending events: ${r.delivered} delivered, ${r.failed} not.${cut}`, ...problems].join('\n');
          return toolResult(text, r as unknown as Record<string, unknown>);
        }
        const r = await client.call('history.resend', { id: id! });
        return toolResult(line`Resend of ${id}: ${r.kind}. ${r.message}`, r as unknown as Record<string, unknown>);
      },
    }),
  ];
}
