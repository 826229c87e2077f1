import { z } from 'zod';
import { SIGNATURE_OUTCOMES, type DeliverySummary } from '../../../shared/contract/live';
import type { ContractClient } from '../kit/contract-client';
import { parseSince } from '../kit/since';
import { bodyNote, bodyView, line, toolResult } from './tool-result';
import { withheldHeaders } from './withheld';
import { defineTool, type ToolDefinition } from './tool-definition';

const PAGE = 1000;
/** How many stored deliveries one list_deliveries call looks through at most. */
const SCAN_LIMIT = 100_000;

/** Received headers that carry a sender's credentials: shown as present, never by value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

const ListArgs = z
  .object({
    type: z.string().max(100).optional().describe('Only this event type (e.g. SuccessPayment)'),
    order: z.string().max(200).optional().describe('Only deliveries about this orderId'),
    since: z.string().max(64).optional().describe('Only deliveries received since: a duration back from now (30s, 15m, 2h, 7d) or an ISO 8601 time'),
    signature: z.enum(SIGNATURE_OUTCOMES).optional().describe('Only deliveries with this signature verdict'),
    limit: z.number().int().min(1).max(500).default(20).describe('At most this many, newest first'),
  })
  .strict();

const IdArgs = z.object({ id: z.number().int().positive().describe('Id of a received delivery (from list_deliveries)') }).strict();

/** One delivery on one line: its type, order id and event id are the sender's, shown escaped. */
export function deliveryLine(d: DeliverySummary): string {
  const verdict = d.diagnosis ? `${d.signature} (${d.diagnosis.kind})` : d.signature;
  return line`#${d.id} ${d.receivedAt} ${d.eventType ?? d.bodyKind ?? '?'} order ${d.orderId ?? '-'} event ${d.eventId ?? '-'} signature ${verdict} answered ${d.answeredStatus ?? '-'}`;
}

/** The received deliveries matching the filters, newest first, paging through live.list. */
async function findDeliveries(client: ContractClient, args: z.output<typeof ListArgs>, now: number): Promise<{ rows: DeliverySummary[]; total: number }> {
  const sinceMs = args.since === undefined ? null : parseSince(args.since, now);
  const rows: DeliverySummary[] = [];
  let beforeId: number | undefined;
  let total = 0;
  for (let scanned = 0; scanned < SCAN_LIMIT && rows.length < args.limit; ) {
    const page = await client.call('live.list', { limit: PAGE, ...(beforeId ? { beforeId } : {}) });
    total = page.total;
    for (const d of page.rows) {
      if (sinceMs !== null && Date.parse(d.receivedAt) < sinceMs) return { rows, total };
      if (args.type !== undefined && d.eventType !== args.type) continue;
      if (args.order !== undefined && d.orderId !== args.order) continue;
      if (args.signature !== undefined && d.signature !== args.signature) continue;
      rows.push(d);
      if (rows.length >= args.limit) break;
    }
    scanned += page.rows.length;
    if (page.nextBeforeId === null) break;
    beforeId = page.nextBeforeId;
  }
  return { rows, total };
}

/** list_deliveries, get_delivery and explain_signature: what the listener received. */
export function deliveryTools(client: ContractClient, now: () => number): ToolDefinition[] {
  return [
    defineTool({
      name: 'list_deliveries',
      calls: ['live.list'],
      description: 'Webhook deliveries the Hooklab listener received, newest first, with event type, orderId, event id and signature verdict. Filters as `hooklab events`.',
      input: ListArgs,
      async run(args) {
        const { rows, total } = await findDeliveries(client, args, now());
        const text = rows.length === 0 ? `No delivery matches (${total} stored).` : `${rows.length} of ${total} stored deliveries:\n${rows.map(deliveryLine).join('\n')}`;
        return toolResult(text, { deliveries: rows, totalStored: total });
      },
    }),
    defineTool({
      name: 'get_delivery',
      calls: ['live.get'],
      description: 'One received delivery: headers as received (credentials and the signature value withheld), the body (text, or Base64 when not UTF-8; cut at 64 KB), the signature verdict and what the forward targets answered.',
      input: IdArgs,
      async run({ id }) {
        const d = await client.call('live.get', { id });
        // The signature is withheld too: a trigger_event to Hooklab's own listener must not come
        // back as a signature value through its stored headers.
        const headers = withheldHeaders(d.headers).map(([name, value]) => [name, CREDENTIAL_HEADERS.has(name.toLowerCase()) ? '(present, not shown)' : value] as [string, string]);
        const body = bodyView(d.bodyBase64, d.bodyText);
        const s = d.summary;
        const verdict = { signature: s.signature, keyId: s.signatureKeyId, diagnosis: s.diagnosis };
        const text = [
          deliveryLine(s),
          ...headers.map(([n, v]) => line`${n}: ${v}`),
          '',
          `body ${body.encoding} ${bodyNote(body)}, on one line:`,
          line`${body.content}`,
          ...d.forwards.map((f) => line`forwarded to ${f.target}: ${f.status ?? f.error ?? '?'}`),
        ].join('\n');
        return toolResult(text, { summary: s, headers, body, verdict, forwards: d.forwards.map(({ body: _b, ...f }) => f) });
      },
    }),
    defineTool({
      name: 'explain_signature',
      calls: ['live.get', 'replay.keys'],
      description: "Why a received delivery's X-Svc-Hmac-Sha256 signature verified or not, in words: which key matched, or what went wrong (re-serialised body, hex instead of Base64, an earlier or wrong key, a cut body).",
      input: IdArgs,
      async run({ id }) {
        const { summary: s } = await client.call('live.get', { id });
        const keys = (await client.call('replay.keys', {})).keys;
        const key = keys.find((k) => k.id === s.signatureKeyId);
        const keyName = key ? `"${key.label}" (${key.state} key, id ${key.id})` : s.signatureKeyId ? `key id ${s.signatureKeyId}` : null;
        const explanation = explain(s, keyName, keys.filter((k) => k.kind === 'listener').length);
        // One sentence; the diagnosis may quote the body: escaped as a whole.
        return toolResult(line`${explanation}`, { id, signature: s.signature, keyId: s.signatureKeyId, keyLabel: key?.label ?? null, diagnosis: s.diagnosis, explanation });
      },
    }),
  ];
}

const DIAGNOSIS_WORDS: Record<string, string> = {
  're-serialised': 'the body was re-serialised (parsed and written again) on the way',
  'hex-encoded': 'the signature is hex-encoded instead of Base64',
  'earlier-key': 'it was signed with an earlier key that is no longer accepted',
  'wrong-key': 'it was signed with a key Hooklab does not have (wrong key), or the body was changed',
  'body-truncated': 'the body was over the size limit, so only part of it was kept',
  'body-cut-off': 'the body was cut off before it was complete',
};

function explain(s: DeliverySummary, keyName: string | null, listenerKeys: number): string {
  switch (s.signature) {
    case 'valid':
      return `Delivery #${s.id}: the signature is valid, an HMAC-SHA256 of the raw body in Base64 under ${keyName ?? 'a configured key'}.`;
    case 'missing':
      return `Delivery #${s.id}: no X-Svc-Hmac-Sha256 header was sent, so nothing proves it came from the service.`;
    case 'no-key':
      return `Delivery #${s.id}: it carries a signature but no webhook key is configured (${listenerKeys} keys), so it could not be checked. Add the store's webhook key in Settings → Listener.`;
    default: {
      const cause = s.diagnosis ? `Cause: ${DIAGNOSIS_WORDS[s.diagnosis.kind] ?? s.diagnosis.kind}. ${s.diagnosis.message}` : 'No known cause matched.';
      return `Delivery #${s.id}: the signature is ${s.signature}${keyName ? ` (checked against ${keyName})` : ''}. ${cause}`;
    }
  }
}
