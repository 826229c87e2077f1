import { randomBytes } from 'node:crypto';
import type { ShareSelection } from '../../../shared/contract/share-export';
import { Pseudonyms, redactJsonText } from '../../../shared/redaction';
import { deriveOrder, parseDelivery } from '../../../shared/sequences';
import type { WebhookDelivery } from '../../../shared/service/webhooks';
import { jsonLiteral } from '../../../shared/text/json-literal';
import type { DeliveryStore, ExportRow } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { TraceStore } from '../../services/data/trace-store';
import { bundled, bundledHistoryRow, bundleDeliveryJson, historyInput, liveInput, type BundleTreatment } from './bundle-delivery';
import type { ExportWork } from './export-work';
import { scrubSecrets } from './secret-values';
import { selectedPages } from './selected-rows';
import { sharedDelivery } from './shared-delivery';

export const BUNDLE_FORMAT = { format: 'hooklab-bundle', version: 1 } as const;

/** History rows read per event (resends of one event: a few). */
const HISTORY_PER_EVENT = 100;

export interface BundleSources {
  readonly store: DeliveryStore;
  readonly history: HistoryStore;
  readonly traces: TraceStore;
  readonly environmentId: string;
  readonly now: number;
}

export interface BundleOptions {
  readonly version: string;
  readonly note: string;
  readonly redact: boolean;
}

/** What the deliveries' pass learns, for the sections written after it (ids and keys only, no bodies). */
interface Seen {
  readonly eventIds: Set<number>;
  readonly orderIds: Set<string>;
  readonly forwarded: number[];
  readonly traceIds: Set<string>;
}

/** Writes `"name":[` + one JSON line per item + `]`, items produced one at a time. */
async function section(work: ExportWork, name: string, items: Iterable<string> | AsyncIterable<string>, last = false): Promise<void> {
  await work.write(`${jsonLiteral(name)}:[\n`);
  let first = true;
  for await (const item of items) {
    work.checkCancelled();
    await work.write((first ? '' : ',\n') + item);
    first = false;
  }
  await work.write(`${first ? '' : '\n'}]${last ? '' : ',\n'}`);
}

/**
 * A `.hooklab` bundle (docs/share.md), written as it is read: the deliveries page by page, then
 * the history rows of their events, each order's derived sequence (its deliveries read again,
 * one order at a time), the handlers' answers and the traces they carried. One set of
 * pseudonyms serves the whole file, so a buyer is the same made-up buyer in every section.
 */
export async function writeBundle(work: ExportWork, sources: BundleSources, selection: ShareSelection, limit: number, options: BundleOptions): Promise<number> {
  const treatment: BundleTreatment = {
    redact: options.redact,
    pseudonyms: new Pseudonyms(),
    signingKey: randomBytes(24).toString('base64url'),
    failingKey: randomBytes(24).toString('base64url'),
    secrets: work.secrets,
  };
  const head = {
    ...BUNDLE_FORMAT,
    note: scrubSecrets(options.note, work.secrets),
    createdAt: new Date(sources.now).toISOString(),
    hooklabVersion: options.version,
    signingKey: treatment.signingKey,
    redacted: options.redact,
  };
  await work.write(`${jsonLiteral(head).slice(0, -1)},\n`);
  const seen: Seen = { eventIds: new Set(), orderIds: new Set(), forwarded: [], traceIds: new Set() };
  const toShare = (row: ExportRow) => bundled(sharedDelivery(row, work.forwardsOf(row)), treatment);

  await work.write('"deliveries":[\n');
  let count = 0;
  for await (const rows of selectedPages(sources.store, selection, limit)) {
    work.checkCancelled();
    const lines = rows.map((row) => {
      const d = toShare(row);
      const v = d.verdict;
      if (v.eventId !== null) seen.eventIds.add(v.eventId);
      if (v.orderId !== null) seen.orderIds.add(v.orderId);
      if (v.forwards.length > 0) seen.forwarded.push(d.deliveryId);
      for (const f of v.forwards) if (f.traceId) seen.traceIds.add(f.traceId);
      return (count++ === 0 ? '' : ',\n') + jsonLiteral(bundleDeliveryJson(d));
    });
    await work.write(lines.join(''));
    work.stepBy(rows.length);
  }
  await work.write(`${count > 0 ? '\n' : ''}],\n`);

  const historyOf = (eventId: number): WebhookDelivery[] =>
    sources.history.list(sources.environmentId, { afterId: 0, limit: HISTORY_PER_EVENT, eventId }).map((r) => bundledHistoryRow(r, treatment));
  await section(work, 'history', (function* () {
    for (const eventId of seen.eventIds) for (const row of historyOf(eventId)) yield jsonLiteral(row);
  })());

  const orderSequence = async (orderId: string): Promise<string> => {
    const inputs = [];
    const eventIds = new Set<number>();
    for await (const rows of selectedPages(sources.store, selection, limit, { orderId })) {
      for (const row of rows) {
        const d = toShare(row);
        if (d.verdict.eventId !== null) eventIds.add(d.verdict.eventId);
        inputs.push(parseDelivery(liveInput(d)));
      }
    }
    for (const eventId of eventIds) for (const row of historyOf(eventId)) inputs.push(parseDelivery(historyInput(row)));
    return jsonLiteral({ orderId, detail: deriveOrder(orderId, inputs, sources.now) });
  };
  // One order's deliveries in memory at a time.
  await section(work, 'sequences', (async function* () {
    for (const orderId of seen.orderIds) yield await orderSequence(orderId);
  })());

  await section(work, 'forwards', (function* () {
    for (const id of seen.forwarded) {
      const row = sources.store.exportRows({ ids: [id], afterId: 0, limit: 1 })[0];
      if (row) yield jsonLiteral({ deliveryId: id, results: toShare(row).verdict.forwards });
    }
  })());

  await section(work, 'traces', (function* () {
    for (const traceId of seen.traceIds) {
      const text = scrubSecrets(jsonLiteral(sources.traces.get(traceId)), work.secrets);
      yield options.redact ? (redactJsonText(text, treatment.pseudonyms)?.text ?? text) : text;
    }
  })(), true);
  await work.write('}\n');
  return count;
}
