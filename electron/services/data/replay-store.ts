import type { Database } from './database';
import type { ReplayDetail, ReplaySentFrom, ReplaySummary } from '../../../shared/contract/replay';
import { ReplayRequestSpecSchema, DraftOriginSchema, type Draft, type DraftOrigin, type DraftSummary, type ReplayRequestSpec, type TamperPreset } from '../../../shared/contract/replay-drafts';
import { DEFAULT_REPLAY_SETTINGS, type ReplaySettings } from '../../../shared/contract/replay-targets';
import { bodyAsText } from '../../../shared/text/utf8';
import { withTransaction } from '../platform/sqlite-transaction';

/** A replay as the sender recorded it, ready to store. */
export interface NewReplay {
  readonly sentAt: string;
  readonly batchId: string;
  readonly draftId: number | null;
  readonly draftName: string | null;
  readonly method: string;
  readonly targetUrl: string;
  readonly eventId: string | null;
  readonly eventType: string | null;
  readonly tamper: TamperPreset;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly signature: string | null;
  readonly keyLabel: string | null;
  readonly response: {
    readonly status: number;
    readonly headers: ReadonlyArray<readonly [string, string]>;
    readonly body: Uint8Array;
    readonly bodySize: number;
    readonly truncated: boolean;
    readonly location: string | null;
  } | null;
  readonly error: string | null;
  readonly latencyMs: number | null;
  readonly sentFrom: ReplaySentFrom;
  /** The trace id of the `traceparent` it carried. */
  readonly traceId: string | null;
}

export interface StoredTarget {
  readonly id: number;
  readonly url: string;
  readonly label: string;
  readonly optedIn: boolean;
  readonly reason: string | null;
}

interface DraftRow {
  id: number;
  name: string;
  spec_json: string;
  body_kind: 'text' | 'bytes';
  body_text: string | null;
  body_bytes: Uint8Array | null;
  body_size: number;
  event_type: string | null;
  target_url: string | null;
  origin_json: string;
  created_at: string;
  updated_at: string;
}

interface ReplayRow {
  id: number;
  sent_at: string;
  batch_id: string;
  draft_id: number | null;
  draft_name: string | null;
  method: string;
  target_url: string;
  event_id: string | null;
  event_type: string | null;
  tamper: TamperPreset;
  request_body_size: number;
  status: number | null;
  error: string | null;
  latency_ms: number | null;
  sent_from: ReplaySentFrom;
  trace_id: string | null;
}

const SUMMARY_COLUMNS =
  'id, sent_at, batch_id, draft_id, draft_name, method, target_url, event_id, event_type, tamper, request_size AS request_body_size, status, error, latency_ms, sent_from, trace_id';

/** The status class a replay is filed under (history filter). */
export function statusClass(status: number | null): string {
  if (status === null) return 'error';
  return `${Math.floor(status / 100)}xx`;
}

function toSummary(r: ReplayRow): ReplaySummary {
  return {
    id: r.id,
    sentAt: r.sent_at,
    batchId: r.batch_id,
    draftId: r.draft_id,
    draftName: r.draft_name,
    method: r.method,
    targetUrl: r.target_url,
    eventId: r.event_id,
    eventType: r.event_type,
    tamper: r.tamper,
    bodySize: r.request_body_size,
    status: r.status,
    error: r.error,
    latencyMs: r.latency_ms,
    sentFrom: r.sent_from,
    traceId: r.trace_id,
  };
}

/** A whole row of `replays`, request and response included. */
interface ReplayDetailRow extends ReplayRow {
  request_headers_json: string;
  request_body: Uint8Array;
  signature: string | null;
  key_label: string | null;
  response_headers_json: string | null;
  response_body: Uint8Array | null;
  response_size: number | null;
  response_truncated: number;
  location: string | null;
}

/** The one mapper from a replay row to what the UI shows (for rows read and rows just written). */
function toDetail(row: ReplayDetailRow): ReplayDetail {
  const requestBody = new Uint8Array(row.request_body);
  const responseBody = row.response_body ? new Uint8Array(row.response_body) : null;
  return {
    summary: toSummary(row),
    request: {
      method: row.method,
      url: row.target_url,
      headers: JSON.parse(row.request_headers_json) as Array<[string, string]>,
      bodyBase64: Buffer.from(requestBody).toString('base64'),
      bodyText: bodyAsText(requestBody),
      bodySize: requestBody.length,
      signature: row.signature,
      keyLabel: row.key_label,
    },
    response:
      row.status === null || !responseBody
        ? null
        : {
            status: row.status,
            headers: JSON.parse(row.response_headers_json ?? '[]') as Array<[string, string]>,
            bodyBase64: Buffer.from(responseBody).toString('base64'),
            bodyText: bodyAsText(responseBody),
            bodySize: row.response_size ?? responseBody.length,
            truncated: row.response_truncated === 1,
            location: row.location,
          },
  };
}

/** Replay's tables (migration 4): drafts, replays, targets, throwaway key labels, settings. */
export class ReplayStore {
  constructor(private readonly db: Database) {}

  // ---- drafts

  /** Inserts (id null) or overwrites a draft; returns its id, or null when `id` does not exist. */
  saveDraft(
    draft: { id: number | null; name: string; request: ReplayRequestSpec; targetUrl: string | null; origin: DraftOrigin; eventType: string | null; bodySize: number },
    at: string,
  ): number | null {
    const { body, ...rest } = draft.request;
    const text = body.kind === 'text' ? body.text : null;
    const bytes = body.kind === 'bytes' ? Buffer.from(body.base64, 'base64') : null;
    const values = [draft.name, JSON.stringify(rest), body.kind, text, bytes, draft.bodySize, draft.eventType, draft.targetUrl, JSON.stringify(draft.origin)];
    if (draft.id === null) {
      const r = this.db
        .prepare(
          `INSERT INTO replay_drafts (name, spec_json, body_kind, body_text, body_bytes, body_size, event_type, target_url, origin_json, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...values, at, at);
      return Number(r.lastInsertRowid);
    }
    const r = this.db
      .prepare(
        `UPDATE replay_drafts SET name = ?, spec_json = ?, body_kind = ?, body_text = ?, body_bytes = ?, body_size = ?, event_type = ?,
         target_url = ?, origin_json = ?, updated_at = ? WHERE id = ?`,
      )
      .run(...values, at, draft.id);
    return r.changes === 0 ? null : draft.id;
  }

  getDraft(id: number): Omit<Draft, 'warnings'> | null {
    const row = this.db.prepare('SELECT * FROM replay_drafts WHERE id = ?').get(id) as DraftRow | undefined;
    if (!row) return null;
    const body =
      row.body_kind === 'text'
        ? { kind: 'text' as const, text: row.body_text ?? '' }
        : { kind: 'bytes' as const, base64: Buffer.from(row.body_bytes ?? new Uint8Array()).toString('base64') };
    return {
      id: row.id,
      name: row.name,
      request: ReplayRequestSpecSchema.parse({ ...JSON.parse(row.spec_json), body }),
      targetUrl: row.target_url,
      origin: DraftOriginSchema.parse(JSON.parse(row.origin_json)),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** A draft's name and origin only (what a send records), without its body. */
  draftLabel(id: number): { name: string; origin: DraftOrigin } | null {
    const row = this.db.prepare('SELECT name, origin_json FROM replay_drafts WHERE id = ?').get(id) as
      | Pick<DraftRow, 'name' | 'origin_json'>
      | undefined;
    return row ? { name: row.name, origin: DraftOriginSchema.parse(JSON.parse(row.origin_json)) } : null;
  }

  listDrafts(): DraftSummary[] {
    const rows = this.db
      .prepare('SELECT id, name, origin_json, event_type, target_url, body_size, updated_at FROM replay_drafts ORDER BY updated_at DESC, id DESC')
      .all() as Array<Pick<DraftRow, 'id' | 'name' | 'origin_json' | 'event_type' | 'target_url' | 'body_size' | 'updated_at'>>;
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      originKind: DraftOriginSchema.parse(JSON.parse(r.origin_json)).kind,
      eventType: r.event_type,
      targetUrl: r.target_url,
      bodySize: r.body_size,
      updatedAt: r.updated_at,
    }));
  }

  renameDraft(id: number, name: string, at: string): boolean {
    return this.db.prepare('UPDATE replay_drafts SET name = ?, updated_at = ? WHERE id = ?').run(name, at, id).changes > 0;
  }

  deleteDraft(id: number): boolean {
    return this.db.prepare('DELETE FROM replay_drafts WHERE id = ?').run(id).changes > 0;
  }

  /** Throwaway key ids a draft names (to forget them with the draft). */
  draftKeyId(id: number): string | null {
    const row = this.db.prepare('SELECT spec_json FROM replay_drafts WHERE id = ?').get(id) as { spec_json: string } | undefined;
    if (!row) return null;
    const key = (JSON.parse(row.spec_json) as { key?: { kind?: string; id?: string } }).key;
    return key?.kind === 'throwaway' && key.id ? key.id : null;
  }

  /** Whether any other draft signs with this throwaway key. */
  keyUsedElsewhere(keyId: string, exceptDraft: number): boolean {
    const rows = this.db.prepare('SELECT id, spec_json FROM replay_drafts WHERE id != ?').all(exceptDraft) as Array<{ spec_json: string }>;
    return rows.some((r) => {
      const key = (JSON.parse(r.spec_json) as { key?: { kind?: string; id?: string } }).key;
      return key?.kind === 'throwaway' && key.id === keyId;
    });
  }

  // ---- replays

  /**
   * Stores replays in one transaction; returns them as the UI shows them, in order, mapped from
   * the rows as written (nothing is read back).
   */
  insertReplays(replays: readonly NewReplay[]): ReplayDetail[] {
    const insert = this.db.prepare(
      `INSERT INTO replays (sent_at, batch_id, draft_id, draft_name, method, target_url, event_id, event_type, tamper,
        request_size, request_headers_json, request_body, signature, key_label, status, status_class, error, latency_ms,
        response_headers_json, response_body, response_size, response_truncated, location, sent_from, trace_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertAll = () =>
      replays.map((r) => {
        const res = r.response;
        const row: ReplayDetailRow = {
          id: 0,
          sent_at: r.sentAt,
          batch_id: r.batchId,
          draft_id: r.draftId,
          draft_name: r.draftName,
          method: r.method,
          target_url: r.targetUrl,
          event_id: r.eventId,
          event_type: r.eventType,
          tamper: r.tamper,
          request_body_size: r.body.length,
          request_headers_json: JSON.stringify(r.headers),
          request_body: r.body,
          signature: r.signature,
          key_label: r.keyLabel,
          status: res?.status ?? null,
          error: r.error,
          latency_ms: r.latencyMs,
          response_headers_json: res ? JSON.stringify(res.headers) : null,
          response_body: res ? res.body : null,
          response_size: res?.bodySize ?? null,
          response_truncated: res?.truncated ? 1 : 0,
          location: res?.location ?? null,
          sent_from: r.sentFrom,
          trace_id: r.traceId,
        };
        const out = insert.run(
          row.sent_at,
          row.batch_id,
          row.draft_id,
          row.draft_name,
          row.method,
          row.target_url,
          row.event_id,
          row.event_type,
          row.tamper,
          row.request_body_size,
          row.request_headers_json,
          row.request_body,
          row.signature,
          row.key_label,
          row.status,
          statusClass(row.status),
          row.error,
          row.latency_ms,
          row.response_headers_json,
          row.response_body,
          row.response_size,
          row.response_truncated,
          row.location,
          row.sent_from,
          row.trace_id,
        );
        return toDetail({ ...row, id: Number(out.lastInsertRowid) });
      });
    return withTransaction(this.db, insertAll, 'DEFERRED');
  }

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

  clearReplays(): void {
    this.db.exec('DELETE FROM replays');
  }

  // ---- targets

  listTargets(): StoredTarget[] {
    const rows = this.db.prepare('SELECT id, url, label, opted_in, reason FROM replay_targets ORDER BY id').all() as Array<{
      id: number;
      url: string;
      label: string;
      opted_in: number;
      reason: string | null;
    }>;
    return rows.map((r) => ({ id: r.id, url: r.url, label: r.label, optedIn: r.opted_in === 1, reason: r.reason }));
  }

  /** Adds or replaces (same URL) a target. */
  upsertTarget(t: { url: string; label: string; optedIn: boolean; reason: string | null }, at: string): StoredTarget {
    this.db
      .prepare(
        `INSERT INTO replay_targets (url, label, opted_in, reason, added_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(url) DO UPDATE SET label = excluded.label, opted_in = excluded.opted_in, reason = excluded.reason`,
      )
      .run(t.url, t.label, t.optedIn ? 1 : 0, t.reason, at);
    return this.listTargets().find((x) => x.url === t.url)!;
  }

  removeTarget(id: number): boolean {
    return this.db.prepare('DELETE FROM replay_targets WHERE id = ?').run(id).changes > 0;
  }

  // ---- throwaway keys (labels only; values are secrets)

  listKeys(): Array<{ id: string; label: string }> {
    return this.db.prepare('SELECT id, label FROM replay_keys ORDER BY added_at, id').all() as Array<{ id: string; label: string }>;
  }

  addKey(id: string, label: string, at: string): void {
    this.db.prepare('INSERT INTO replay_keys (id, label, added_at) VALUES (?, ?, ?)').run(id, label, at);
  }

  removeKey(id: string): boolean {
    return this.db.prepare('DELETE FROM replay_keys WHERE id = ?').run(id).changes > 0;
  }

  // ---- settings

  settings(): ReplaySettings {
    const rows = this.db.prepare('SELECT name, value FROM replay_settings').all() as Array<{ name: string; value: string }>;
    const stored = Object.fromEntries(rows.map((r) => [r.name, Number(r.value)]));
    return {
      timeoutMs: stored.timeoutMs ?? DEFAULT_REPLAY_SETTINGS.timeoutMs,
      bodyCapBytes: stored.bodyCapBytes ?? DEFAULT_REPLAY_SETTINGS.bodyCapBytes,
    };
  }

  setSettings(patch: Partial<ReplaySettings>): ReplaySettings {
    const put = this.db.prepare('INSERT INTO replay_settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value');
    for (const [name, value] of Object.entries(patch)) if (value !== undefined) put.run(name, String(value));
    return this.settings();
  }
}
