import type { HmacSha256 } from '../../../../shared/signing';
import { BUNDLE_KEY_ID } from '../../../../shared/contract/live-import';
import type { KnownKey } from '../../../../shared/signing/diagnose';
import type { ImportStore } from '../../../services/data/import-store';
import { judgeDelivery } from '../listener/judge';
import { readBundle, isBundle } from './bundle';
import { isHar, readHar } from './har';
import { ImportRefused, parseImportJson, refuseOverLimit, type ImportSource } from './import-file';
import type { ImportedFile } from './imported-request';


/** What an import stored, for the caller to say. */
export interface ImportOutcome {
  readonly importId: number;
  readonly fileName: string;
  readonly kind: 'har' | 'bundle';
  readonly count: number;
  /** The bundle's service history rows stored beside its deliveries (0 for a HAR). */
  readonly historyRows: number;
  readonly firstId: number | null;
  readonly note: string | null;
  /** Requests whose verdict here differs from the one the sender's Hooklab recorded. */
  readonly verdictsDiffering: number;
  /** Deliveries by verdict, as judged here. */
  readonly verdicts: Record<string, number>;
}

/** A HAR or a bundle read from the file's JSON, or one line saying why it is neither. */
export function readImportedFile(source: ImportSource, nowMs: number): ImportedFile {
  refuseOverLimit(source.fileName, source.bytes.byteLength);
  const json = parseImportJson(source);
  if (isBundle(json)) return readBundle(json, source.fileName, nowMs);
  if (isHar(json)) return readHar(json, source.fileName, nowMs);
  throw new ImportRefused(`${source.fileName}: not a HAR (no log.entries) or a Hooklab bundle: nothing imported`);
}

/**
 * Reads, judges and stores one file: every request judged by the listener's own checks with the
 * folder's keys (and a bundle's throwaway key, also kept for Replay), then stored in one
 * transaction. Any refusal comes before the transaction: nothing of a bad file is stored.
 */
export function importFile(
  source: ImportSource,
  deps: {
    store: ImportStore;
    keys: readonly KnownKey[];
    hmac: HmacSha256;
    nowMs: number;
    /** Keeps a bundle's key for Replay (encrypted, never sent to a window); returns the key's id. */
    keepBundleKey: (label: string, value: string) => string;
  },
): ImportOutcome {
  const file = readImportedFile(source, deps.nowMs);
  const keys: KnownKey[] = file.signingKey
    ? [...deps.keys, { id: BUNDLE_KEY_ID, label: `the bundle's key (${source.fileName})`, value: file.signingKey, accepted: true }]
    : [...deps.keys];
  const context = { keys, answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] }, passThrough: true };
  let verdictsDiffering = 0;
  const verdicts: Record<string, number> = {};
  const judged = file.requests.map((r) => {
    const { answerFor: _unused, ...delivery } = judgeDelivery(
      { receivedAtMs: r.receivedAtMs, method: r.method, path: r.path, headers: r.headers.map(([n, v]) => [n, v] as [string, string]), body: r.body, bodySize: r.body.byteLength, truncation: null },
      context,
      deps.hmac,
    );
    if (r.senderSignature !== null && r.senderSignature !== delivery.verdict.outcome) verdictsDiffering += 1;
    verdicts[delivery.verdict.outcome] = (verdicts[delivery.verdict.outcome] ?? 0) + 1;
    return { ...delivery, answeredStatus: r.answeredStatus, bodyWithheld: r.bodyWithheld, forwards: r.forwards };
  });
  const stored = deps.store.importAll(
    {
      fileName: source.fileName,
      kind: file.kind,
      importedAt: new Date(deps.nowMs).toISOString(),
      note: file.note,
      signingKeyId: file.signingKey ? deps.keepBundleKey(`bundle key · ${source.fileName}`, file.signingKey) : null,
    },
    judged,
    file.history,
  );
  return {
    importId: stored.importId,
    fileName: source.fileName,
    kind: file.kind,
    count: stored.ids.length,
    historyRows: stored.historyRows,
    firstId: stored.ids[0] ?? null,
    note: file.note,
    verdictsDiffering,
    verdicts,
  };
}
