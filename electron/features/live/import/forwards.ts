import { z } from 'zod';
import { ForwardResultSchema, type ForwardResult } from '../../../../shared/contract/live';
import { ImportRefused } from './import-file';
import { isRecord } from './imported-request';

/** The most handler answers one delivery may carry (one per forward target). */
const MAX_RESULTS = 100;
/** A handler's answer body is kept as the forwarder keeps one: capped (docs/share.md). */
const BODY_CAP = 64 * 1024;

const ResultsSchema = z.array(ForwardResultSchema).max(MAX_RESULTS);

/**
 * What the sender's handlers answered (a HAR's `_hooklab.forwards`, a bundle delivery's
 * `forwards` or its `forwards` section): the results Live shows, or a refusal naming where the
 * shape is wrong. Absent is none. Their traces are not imported, so the trace id is dropped: the
 * detail would otherwise look for a trace this data folder does not have.
 */
export function readForwards(raw: unknown, fileName: string, where: string): ForwardResult[] {
  if (raw === undefined || raw === null) return [];
  const parsed = ResultsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')}: ${issue.message})` : '';
    throw new ImportRefused(
      `${fileName}: ${where}: forwards is not a list of handler answers { target, status, headers, body, latencyMs, error, traceId }${at}: nothing imported`,
    );
  }
  return parsed.data.map((r) => ({ ...r, body: r.body !== null && r.body.length > BODY_CAP ? r.body.slice(0, BODY_CAP) : r.body, traceId: null }));
}

/** A bundle's `forwards` section, `[{ deliveryId, results }]`, by the sender's delivery id. */
export function readForwardSection(raw: unknown, fileName: string): Map<number, ForwardResult[]> {
  const byDelivery = new Map<number, ForwardResult[]>();
  if (raw === undefined || raw === null) return byDelivery;
  if (!Array.isArray(raw)) throw new ImportRefused(`${fileName}: the bundle's forwards section is not a list: nothing imported`);
  raw.forEach((item, index) => {
    const where = `forwards ${index + 1}`;
    if (!isRecord(item) || typeof item['deliveryId'] !== 'number' || !Number.isInteger(item['deliveryId'])) {
      throw new ImportRefused(`${fileName}: ${where} has no deliveryId: nothing imported`);
    }
    byDelivery.set(item['deliveryId'], readForwards(item['results'] ?? [], fileName, where));
  });
  return byDelivery;
}
