import { z } from 'zod';
import { explanationLines } from '../../../shared/explain/text';
import type { ContractClient } from '../kit/contract-client';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

/** explain_order: why an order is stuck, the answer `hooklab why` and the Why? panel give. */
export function explainTools(client: ContractClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'explain_order',
      calls: ['explain.order'],
      description: `Why an order is stuck (or that it is ok), in one answer: its causes in the order to fix them, each with a stable code (pending-at-service, other-url, wrong-key, body-changed, signature-missing, handler-refused, handler-error, state-mismatch, out-of-order, duplicate; ok), one sentence to act on, the evidence (received delivery ids, history ids, times, statuses, the trace's exception) and the fix (e.g. the exact hooklab resend command). Built from history, received deliveries and their signature diagnosis, the handler's answers and traces. Ask it first when a user says an order was not marked paid, shipped or cancelled.`,
      input: z
        .object({ orderId: z.string().min(1).max(200).describe('The orderId of the events') })
        .strict(),
      async run({ orderId }) {
        const explanation = await client.call('explain.order', { orderId });
        // Every line passes through `line`: order ids, URLs and exception messages are others' text.
        const text = explanationLines(explanation)
          .map((l) => line`${l}`)
          .join('\n');
        return toolResult(text, explanation);
      },
    }),
  ];
}
