import type { Database } from './database';
import type { ReplayDetail, ReplaySummary } from '../../../shared/contract/replay';
import { SUMMARY_COLUMNS, toDetail, toSummary, type ReplayDetailRow, type ReplayRow } from './replay-row';

/**
 * Reads of the replay history (`replays`): the list by target and status class, one replay as
 * sent and answered, what a resend or a diff needs, the last event id sent to a target.
 * ReplayStore (replay-store.ts) writes the table.
 */
export class ReplayReads {
  constructor(private readonly db: Database) {}

  /**
   * What sending a replay again needs, in one read: the request exactly as stored (raw bytes,
   * no base64 round trip) with its signature and key label, and the summary it is filed under.
   */
  replayToResend(id: number): { summary: ReplaySummary; headers: Array<[string, string]>; body: Uint8Array; signature: string | null; keyLabel: string | null } | null {
    const row = this.db
      .prepare(`SELECT ${SUMMARY_COLUMNS}, request_headers_json, request_body, signature, key_label FROM replays WHERE id = ?`)
      .get(id) as (ReplayRow & Pick<ReplayDetailRow, 'request_headers_json' | 'request_body' | 'signature' | 'key_label'>) | undefined;
    if (!row) return null;
    return {
      summary: toSummary(row),
      headers: JSON.parse(row.request_headers_json) as Array<[string, string]>,
      body: new Uint8Array(row.request_body),
      signature: row.signature,
      keyLabel: row.key_label,
    };
  }

  /** Newest first, before `beforeId`, filtered by target URL and status class. */
  listReplays(filter: { targetUrl?: string; status: string; beforeId?: number; limit: number }): { rows: ReplaySummary[]; total: number } {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.targetUrl !== undefined) {
      where.push('target_url = ?');
      params.push(filter.targetUrl);
    }
    if (filter.status !== 'all') {
      where.push('status_class = ?');
      params.push(filter.status);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT count(*) AS n FROM replays ${clause}`).get(...params) as { n: number }).n;
    const pageClause = filter.beforeId !== undefined ? `${clause ? `${clause} AND` : 'WHERE'} id < ?` : clause;
    const rows = this.db
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM replays ${pageClause} ORDER BY id DESC LIMIT ?`)
      .all(...params, ...(filter.beforeId !== undefined ? [filter.beforeId] : []), filter.limit) as unknown as ReplayRow[];
    return { rows: rows.map(toSummary), total };
  }

  getReplay(id: number): ReplayDetail | null {
    const row = this.db.prepare(`SELECT *, request_size AS request_body_size FROM replays WHERE id = ?`).get(id) as
      | ReplayDetailRow
      | undefined;
    return row ? toDetail(row) : null;
  }

  /** The raw bytes of a replay's request and response (for resending and diffing). */
  replayBytes(id: number): { headers: Array<[string, string]>; body: Uint8Array; response: Uint8Array | null; summary: ReplaySummary } | null {
    const detail = this.getReplay(id);
    if (!detail) return null;
    return {
      headers: detail.request.headers,
      body: new Uint8Array(Buffer.from(detail.request.bodyBase64, 'base64')),
      response: detail.response ? new Uint8Array(Buffer.from(detail.response.bodyBase64, 'base64')) : null,
      summary: detail.summary,
    };
  }

  /** The event id of the last replay sent to a target (for the reused-event-id preset). */
  lastEventId(targetUrl: string): string | null {
    const row = this.db
      .prepare('SELECT event_id FROM replays WHERE target_url = ? AND event_id IS NOT NULL ORDER BY id DESC LIMIT 1')
      .get(targetUrl) as { event_id: string } | undefined;
    return row?.event_id ?? null;
  }
}
