import { z } from 'zod';
import { DerivedOrderStatusSchema, FlagKindSchema } from '../../../shared/contract/sequences';
import { derivedStateText, orderStateText } from '../../../shared/sequences/claimed-state';
import { TEST_FRAMEWORKS } from '../../../shared/regression-test/test-file';
import type { ContractClient } from '../kit/contract-client';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

const ListArgs = z
  .object({
    orderType: z.string().max(64).optional().describe('Only orders of this orderType (docs/service.md#order-types), e.g. FASTLINK_CHARGE'),
    status: DerivedOrderStatusSchema.optional().describe('Only orders in this derived status'),
    hasFlags: z.boolean().optional().describe('Only orders with (true) or without (false) flags'),
    flagKind: FlagKindSchema.optional().describe('Only orders with a flag of this kind'),
    text: z.string().max(200).optional().describe('Text to look for in the orderId or orderReference'),
    limit: z.number().int().min(1).max(500).default(20),
  })
  .strict();

/** list_orders, get_order_sequence and make_regression_test: orders grouped from received and history deliveries. */
export function orderTools(client: ContractClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'list_orders',
      calls: ['sequences.list'],
      description: `Orders seen in received and history deliveries, newest activity first: derived status ("unverified: PAID claimed" when only unverified deliveries claim it; verified: whether a verified delivery supports the order), payment, shipping, 3-D Secure outcome (each marked "(unverified)" when only unverified deliveries support it), event count and flags.`,
      input: ListArgs,
      async run(args) {
        const r = await client.call('sequences.list', args);
        const lines = r.orders.map(
          (o) =>
            line`${o.orderId} ${o.orderType ?? '?'} status ${orderStateText(o)} payment ${derivedStateText(o.payment, o)}${o.shipping ? ` shipping ${derivedStateText(o.shipping, o)}` : ''}${o.threeDs ? ` 3DS ${derivedStateText(o.threeDs, o)}` : ''} events ${o.events}${o.flags ? ` flags ${o.flagKinds.join(',')}` : ''}`,
        );
        const text = r.orders.length === 0 ? `No order matches (${r.allOrders} orders in all).` : `${r.orders.length} of ${r.total} matching orders:\n${lines.join('\n')}`;
        return toolResult(text, { orders: r.orders.map((o) => ({ ...o, state: orderStateText(o) })), total: r.total, allOrders: r.allOrders });
      },
    }),
    defineTool({
      name: 'get_order_sequence',
      calls: ['sequences.get'],
      description: `One order's events in order (type, event id, created, arrival, deliveries), its derived order, shipping and 3-D Secure states, and its flags (duplicates, out of order, missing events…).`,
      input: z.object({ orderId: z.string().min(1).max(200).describe('The orderId of the events') }).strict(),
      async run({ orderId }) {
        const d = await client.call('sequences.get', { orderId });
        const text = [
          line`Order ${orderId}: status ${orderStateText(d.summary)}, payment ${derivedStateText(d.summary.payment, d.summary)}${d.summary.shipping ? `, shipping ${derivedStateText(d.summary.shipping, d.summary)}` : ''}${d.summary.threeDs ? `, 3-D Secure ${derivedStateText(d.summary.threeDs, d.summary)}` : ''}.`,
          line`Status path: ${d.orderPath.map((p) => p.status).join(' → ') || '(none)'}`,
          `Events (${d.events.length}):`,
          ...d.events.map(
            (e) => line`  ${e.createdRank}. ${e.type} event ${e.eventIds.join(',') || '-'} created ${e.created ?? '?'} arrived ${e.arrivedAt ?? '?'} (arrival #${e.arrivalRank})`,
          ),
          d.flags.length === 0 ? 'No flags.' : `Flags (${d.flags.length}):`,
          ...d.flags.map((f) => line`  ${f.kind}: ${f.message}`),
          ...(d.badInputs.length > 0 ? [`${d.badInputs.length} deliveries could not be read as events of this order.`] : []),
        ].join('\n');
        return toolResult(text, d as unknown as Record<string, unknown>);
      },
    }),
    defineTool({
      name: 'make_regression_test',
      calls: ['scenario.regressionTest'],
      description: `A test file for the user's own suite (Vitest by default, or Jest) from one order's received deliveries: it sends the events exactly as recorded, signed at run time with HOOKLAB_WEBHOOK_KEY, to HOOKLAB_HANDLER_URL, then checks the handler's state at HOOKLAB_STATE_URL against each expect (path=value as scenario run --expect, e.g. orders.{orderId}.payments=1; default: the order's derived states). Returns the file's text to save in the project, its suggested name and the command that runs it.`,
      input: z
        .object({
          orderId: z.string().min(1).max(200).describe('The orderId of the events'),
          framework: z.enum(TEST_FRAMEWORKS).optional().describe('The test runner: vitest (default) or jest'),
          expect: z.array(z.string().min(1).max(2000)).max(100).optional().describe('Values the state must have, e.g. orders.{orderId}.payments=1'),
        })
        .strict(),
      async run(args) {
        const test = await client.call('scenario.regressionTest', args);
        return toolResult(`Save as ${test.fileName}; run it with: ${test.runCommand}\n\n${test.text}`, test);
      },
    }),
  ];
}
