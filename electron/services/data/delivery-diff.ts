import type { DiffResult, DiffSource } from '../../../shared/contract/history';
import { CallError } from '../../../shared/contract/errors';
import { canonicalJsonText, compareBodies, jsonChanges } from '../../../shared/history';
import type { DeliveryStore } from './delivery-store';
import type { HistoryStore } from './history-store';

/** One side of a diff: a label and the exact bytes. */
export interface DiffBody {
  readonly label: string;
  readonly bytes: Uint8Array;
}

/** The two tables a diffed body comes from. */
export interface DiffStores {
  readonly received: DeliveryStore;
  readonly copy: HistoryStore;
}

function loadBody(stores: DiffStores, environmentId: string, source: DiffSource): DiffBody {
  if (source.kind === 'history') {
    const payload = stores.copy.payload(environmentId, source.id);
    if (payload === null) throw new CallError('not-found', `history delivery ${source.id} is not in the local copy`);
    return { label: `history delivery ${source.id}`, bytes: new TextEncoder().encode(payload) };
  }
  const body = stores.received.body(source.id);
  if (!body) throw new CallError('not-found', `received delivery ${source.id} does not exist`);
  return { label: `received delivery ${source.id}${body.truncated ? ' (truncated)' : ''}`, bytes: body.bytes };
}

/**
 * Compares two bodies: the byte-exact verdict first (what a signature sees), then the
 * structural changes and canonical texts the diff editor shows.
 */
export function diffBodies(stores: DiffStores, environmentId: string, left: DiffSource, right: DiffSource): DiffResult {
  return diffBytes(loadBody(stores, environmentId, left), loadBody(stores, environmentId, right));
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
