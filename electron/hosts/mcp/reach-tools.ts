import { z } from 'zod';
import type { ContractClient } from '../kit/contract-client';
import { parseSince } from '../kit/since';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

/** probe_public_url and history_delivery_urls: can the service reach this Hooklab, and where did it send. */
export function reachTools(client: ContractClient, now: () => number = Date.now): ToolDefinition[] {
  return [
    defineTool({
      name: 'probe_public_url',
      calls: ['live.probePublicUrl'],
      description:
        "Send a one-time probe, shaped like the service's webhooks, to Hooklab's public URL (its tunnel, or the user's own URL) and say whether it came back to this Hooklab's listener, how fast, or why not (DNS, the tunnel server's answer, a timeout, another program answering, TLS; or an address only this machine or its network can reach). Same shape as live.probePublicUrl.",
      input: z.object({}).strict(),
      async run() {
        const r = await client.call('live.probePublicUrl', {});
        const text = r.reachable
          ? line`Reachable: a probe sent to ${r.publicUrl} came back to this Hooklab in ${Math.round(r.latencyMs ?? 0)} ms.`
          : line`NOT reachable${r.publicUrl ? ` at ${r.publicUrl}` : ''}: ${r.error}`;
        return toolResult(text, r as unknown as Record<string, unknown>);
      },
    }),
    defineTool({
      name: 'history_delivery_urls',
      calls: ['history.deliveryUrls'],
      description:
        "Where the service really sent its webhooks (from Hooklab's local copy of the delivery history), per URL, with counts, the last status, and whether each URL is this Hooklab's public URL. Same shape as history.deliveryUrls.",
      input: z
        .object({ since: z.string().optional().describe('Only deliveries logged since: a duration back from now (30m, 2h, 7d) or an ISO time') })
        .strict(),
      async run({ since }) {
        const r = await client.call('history.deliveryUrls', since ? { since: new Date(parseSince(since, now())).toISOString() } : {});
        const lines = r.urls.map(
          (u) => line`${u.current ? 'this Hooklab' : 'ELSEWHERE   '} ${u.url}: ${u.deliveries} deliveries (${u.delivered} delivered, ${u.failed} failed), last ${u.lastCreated} answered ${u.lastStatus}`,
        );
        const head = line`Public URL: ${r.publicUrl ?? 'none'}`;
        const text = r.urls.length === 0 ? `${head}\nNo delivery in the local copy of the history.` : [head, ...lines].join('\n');
        return toolResult(text, r as unknown as Record<string, unknown>);
      },
    }),
  ];
}
