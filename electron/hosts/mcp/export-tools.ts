import { z } from 'zod';
import type { ContractClient } from '../kit/contract-client';
import { timeoutSecondsArg } from './job-deadline';
import { parseSince } from '../kit/since';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

const ExportArgs = z
  .object({
    type: z.string().min(1).max(100).optional().describe('Only this event type (e.g. SuccessPayment)'),
    order: z.string().min(1).max(200).optional().describe('Only deliveries about this orderId'),
    since: z.string().max(64).optional().describe('Only deliveries received since: a duration back from now (30s, 15m, 2h, 7d) or an ISO 8601 time'),
    ids: z.array(z.number().int().positive()).max(100_000).optional().describe('Only these delivery ids (from list_deliveries)'),
    redact: z.boolean().default(false).describe("Replace the buyer's personal data with consistent pseudonyms and leave credentials out"),
    timeoutSeconds: timeoutSecondsArg,
  })
  .strict();

/** export_har: the selected deliveries as a HAR 1.2 file in the data folder (docs/share.md). */
export function exportTools(client: ContractClient, now: () => number): ToolDefinition[] {
  return [
    defineTool({
      name: 'export_har',
      calls: ['share.exportHar', 'share.exportFinished', 'jobs.cancel'],
      description:
        "Write received deliveries (filters as list_deliveries; none: all) as a HAR 1.2 file in Hooklab's data folder and answer its path: each entry is the request as received with Hooklab's verdict (signature, cause, event id, order, duplicate, flags, handler answers) in `_hooklab`. Open it in any HAR viewer or attach it to a bug report.",
      input: ExportArgs,
      async run({ type, order, since, ids, redact, timeoutSeconds }) {
        const selection = {
          ...(type !== undefined ? { eventType: type } : {}),
          ...(order !== undefined ? { orderId: order } : {}),
          ...(since !== undefined ? { since: new Date(parseSince(since, now())).toISOString() } : {}),
          ...(ids ? { ids } : {}),
        };
        const { jobId, total } = await client.call('share.exportHar', { selection, redact });
        const timer = timeoutSeconds === undefined ? null : setTimeout(() => void client.call('jobs.cancel', { jobId }).catch(() => undefined), timeoutSeconds * 1000);
        try {
          const end = await client.call('share.exportFinished', { jobId });
          if (end.state !== 'done') return toolResult(line`The export of ${total} deliveries ${end.state}${end.error ? `: ${end.error}` : ''}; no file was written.`, { ...end, jobId });
          return toolResult(line`Wrote ${end.count} deliveries as HAR 1.2${redact ? ' (redacted)' : ''} to ${end.path}`, { path: end.path, deliveries: end.count, redacted: redact, jobId });
        } finally {
          if (timer) clearTimeout(timer);
        }
      },
    }),
  ];
}
