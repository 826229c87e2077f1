import type { Database } from './database';
import type { ReplayDetail, ReplaySentFrom } from '../../../shared/contract/replay';
import { ReplayRequestSpecSchema, DraftOriginSchema, type Draft, type DraftOrigin, type DraftSummary, type ReplayRequestSpec, type TamperPreset } from '../../../shared/contract/replay-drafts';
import { withTransaction } from '../platform/sqlite-transaction';
import { statusClass, toDetail, type ReplayDetailRow } from './replay-row';

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
/** Replay's tables (migration 4): drafts, throwaway key labels, and writing the replay history (read in replay-reads.ts). */
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

  clearReplays(): void {
    this.db.exec('DELETE FROM replays');
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
}
