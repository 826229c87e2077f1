import { readKeyInput } from '../../../../shared/signing/key-input';
import type { ForwardResult } from '../../../../shared/contract/live';
import { WebhookDeliverySchema, type WebhookDelivery } from '../../../../shared/service';
import { readForwardSection, readForwards } from './forwards';
import { decodeBase64, ImportRefused, refuseTooMany } from './import-file';
import { isRecord, pathOf, timeOf, withheld, type ImportedFile, type ImportedRequest } from './imported-request';

/** The bundle format this Hooklab writes and reads (docs/share.md). */
export const BUNDLE_FORMAT = 'hooklab-bundle';
export const BUNDLE_VERSION = 1;

/** Whether parsed JSON says it is a Hooklab bundle (whatever its version). */
export const isBundle = (json: unknown): boolean => isRecord(json) && json['format'] === BUNDLE_FORMAT;

/**
 * A `.hooklab` bundle's deliveries, exactly as the sender's listener received them (re-signed
 * with the bundle's throwaway `signingKey`). A newer version is refused: its fields may mean
 * what this Hooklab cannot know.
 */
export function readBundle(json: unknown, fileName: string, nowMs: number): ImportedFile {
  const bundle = json as Record<string, unknown>;
  const version = bundle['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ImportRefused(`${fileName}: the bundle has no valid version: nothing imported`);
  }
  if (version > BUNDLE_VERSION) {
    throw new ImportRefused(`${fileName}: bundle version ${version} was made by a newer Hooklab (this one reads version ${BUNDLE_VERSION}): update Hooklab to open it; nothing imported`);
  }
  const deliveries = bundle['deliveries'];
  if (!Array.isArray(deliveries)) throw new ImportRefused(`${fileName}: the bundle has no deliveries list: nothing imported`);
  refuseTooMany(fileName, deliveries.length, 'deliveries');
  // A delivery's own `forwards` and the `forwards` section say the same; either is enough.
  const section = readForwardSection(bundle['forwards'], fileName);
  return {
    kind: 'bundle',
    requests: deliveries.map((d, index) => readDelivery(d, `delivery ${index + 1}`, fileName, nowMs, section)),
    note: typeof bundle['note'] === 'string' && bundle['note'] !== '' ? bundle['note'] : null,
    signingKey: bundleKey(bundle['signingKey']),
    history: readHistory(bundle['history'], fileName),
  };
}

/** The bundle's `history` rows (none when it has no list); one row of the wrong shape, or an id twice, refuses the file. */
function readHistory(rows: unknown, fileName: string): WebhookDelivery[] {
  if (rows === undefined) return [];
  if (!Array.isArray(rows)) throw new ImportRefused(`${fileName}: the bundle's history is not a list: nothing imported`);
  refuseTooMany(fileName, rows.length, 'history rows');
  const ids = new Set<number>();
  return rows.map((row, index) => {
    const parsed = WebhookDeliverySchema.safeParse(row);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'the row';
      throw new ImportRefused(`${fileName}: history row ${index + 1} is not a delivery of the service's history (${field}): nothing imported`);
    }
    if (ids.has(parsed.data.id)) throw new ImportRefused(`${fileName}: history row ${index + 1} repeats delivery ${parsed.data.id}: nothing imported`);
    ids.add(parsed.data.id);
    return parsed.data;
  });
}

/** The bundle's key as HOOKLAB_WEBHOOK_KEY takes it (trimmed); null when it has none. */
export function bundleKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const key = readKeyInput(raw);
  return key.ok ? key.value : null;
}

function readDelivery(d: unknown, where: string, fileName: string, nowMs: number, section: ReadonlyMap<number, ForwardResult[]>): ImportedRequest {
  if (!isRecord(d)) throw new ImportRefused(`${fileName}: ${where} is not an object: nothing imported`);
  const method = typeof d['method'] === 'string' && d['method'] !== '' ? d['method'] : null;
  const path = typeof d['url'] === 'string' ? pathOf(d['url']) : null;
  if (method === null || path === null) throw new ImportRefused(`${fileName}: ${where} has no method or URL: nothing imported`);
  if (typeof d['bodyBase64'] !== 'string') throw new ImportRefused(`${fileName}: ${where} has no bodyBase64: nothing imported`);
  const headers = Array.isArray(d['headers']) ? d['headers'] : [];
  return {
    receivedAtMs: timeOf(d['receivedAt'], nowMs),
    method,
    path,
    headers: headers
      .filter((h): h is [string, string] => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string')
      .map(([name, value]) => [name, value] as const),
    body: decodeBase64(d['bodyBase64'], fileName, where),
    answeredStatus: null,
    senderSignature: typeof d['signature'] === 'string' ? d['signature'] : null,
    bodyWithheld: withheld(d['flags']),
    forwards: d['forwards'] !== undefined ? readForwards(d['forwards'], fileName, where) : typeof d['deliveryId'] === 'number' ? (section.get(d['deliveryId']) ?? []) : [],
  };
}
