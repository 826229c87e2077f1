import type { DiffResult, DiffSource } from '../../../shared/contract/history';
import { CallError } from '../../../shared/contract/errors';
import { canonicalJsonText, compareBodies, jsonChanges } from '../../../shared/history';
import type { Database } from './database';

/** One side of a diff: a label and the exact bytes. */
export interface DiffBody {
  readonly label: string;
  readonly bytes: Uint8Array;
}

function loadBody(db: Database, environmentId: string, source: DiffSource): DiffBody {
  if (source.kind === 'history') {
    const row = db
      .prepare('SELECT payload FROM history_deliveries WHERE environment_id = ? AND id = ?')
      .get(environmentId, source.id) as { payload: string } | undefined;
    if (!row) throw new CallError('not-found', `history delivery ${source.id} is not in the local copy`);
    return { label: `history delivery ${source.id}`, bytes: new TextEncoder().encode(row.payload) };
  }
  const row = db.prepare('SELECT body, truncated FROM received_deliveries WHERE id = ?').get(source.id) as
    | { body: Uint8Array; truncated: number }
    | undefined;
  if (!row) throw new CallError('not-found', `received delivery ${source.id} does not exist`);
  return { label: `received delivery ${source.id}${row.truncated ? ' (truncated)' : ''}`, bytes: row.body };
}

/**
 * Compares two bodies: the byte-exact verdict first (what a signature sees), then the
 * structural changes and canonical texts the diff editor shows.
 */
export function diffBodies(db: Database, environmentId: string, left: DiffSource, right: DiffSource): DiffResult {
  return diffBytes(loadBody(db, environmentId, left), loadBody(db, environmentId, right));
}

/** The diff of two byte strings (also used for replays' responses). */
export function diffBytes(a: DiffBody, b: DiffBody): DiffResult {
  const decoder = new TextDecoder();
  const rawA = decoder.decode(a.bytes);
  const rawB = decoder.decode(b.bytes);
  const ca = canonicalJsonText(rawA);
  const cb = canonicalJsonText(rawB);
  const changes = ca.parsed && cb.parsed ? jsonChanges(ca.value, cb.value) : [];
  return {
    left: { label: a.label, raw: rawA, canonical: ca.text, json: ca.parsed },
    right: { label: b.label, raw: rawB, canonical: cb.text, json: cb.parsed },
    verdict: compareBodies(a.bytes, b.bytes),
    changes: changes.map((c) => ({ path: c.path, kind: c.kind, left: c.left, right: c.right })),
  };
}
