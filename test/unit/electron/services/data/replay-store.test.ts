import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../electron/services/data/migrations';
import { ReplayStore, type NewReplay } from '../../../../../electron/services/data/replay-store';
import { ReplayReads } from '../../../../../electron/services/data/replay-reads';

/** The store that writes replays and the reads of what it wrote, on one database. */
function store(): { insertReplays: ReplayStore['insertReplays'] } & Pick<ReplayReads, 'getReplay' | 'replayToResend' | 'listReplays'> {
  const db = new DatabaseSync(':memory:');
  migrate(db, migrations);
  const writes = new ReplayStore(db);
  const reads = new ReplayReads(db);
  return {
    insertReplays: (replays) => writes.insertReplays(replays),
    getReplay: (id) => reads.getReplay(id),
    replayToResend: (id) => reads.replayToResend(id),
    listReplays: (filter) => reads.listReplays(filter),
  };
}

const sent = (overrides: Partial<NewReplay> = {}): NewReplay => ({
  sentAt: '2026-01-02T03:04:05.000Z',
  batchId: 'b1',
  draftId: null,
  draftName: null,
  eventId: '991',
  eventType: 'Created',
  tamper: 'none',
  signature: 'c2ln',
  keyLabel: 'Sandbox key',
  method: 'POST',
  targetUrl: 'http://127.0.0.1:3000/hooks',
  headers: [['Content-Type', 'application/json'], ['X-Svc-Event-Id', '991']],
  body: new TextEncoder().encode('{"type":"Created"}'),
  response: { status: 200, headers: [['Content-Type', 'text/plain']], body: new TextEncoder().encode('ok'), bodySize: 2, truncated: false, location: null },
  error: null,
  latencyMs: 12,
  sentFrom: 'app',
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  ...overrides,
});

describe('ReplayStore', () => {
  it('answers an insert with exactly what reading the replay back gives, without reading it', () => {
    const s = store();
    const [answered, failed] = s.insertReplays([sent(), sent({ response: null, error: 'connection refused', body: new Uint8Array([0xff, 0x00]) })]);
    expect(answered).toEqual(s.getReplay(answered!.summary.id));
    expect(failed).toEqual(s.getReplay(failed!.summary.id));
    expect(failed!.summary.id).toBe(answered!.summary.id + 1);
  });

  it('gives what a resend needs in one read: the request bytes as sent, its signature and key label', () => {
    const s = store();
    const body = new Uint8Array([0x7b, 0xff, 0x7d]);
    const [stored] = s.insertReplays([sent({ body })]);
    const resend = s.replayToResend(stored!.summary.id)!;
    expect(resend.body).toEqual(body);
    expect(resend.headers).toEqual(sent().headers);
    expect({ signature: resend.signature, keyLabel: resend.keyLabel }).toEqual({ signature: 'c2ln', keyLabel: 'Sandbox key' });
    expect(resend.summary).toEqual(stored!.summary);
    expect(s.replayToResend(999)).toBeNull();
  });

  it('keeps where each replay was sent from, in the history list too', () => {
    const s = store();
    const [fromApp, fromCli] = s.insertReplays([sent(), sent({ sentFrom: 'cli' })]);
    expect([fromApp!.summary.sentFrom, fromCli!.summary.sentFrom]).toEqual(['app', 'cli']);
    expect(s.listReplays({ status: 'all', limit: 10 }).rows.map((r) => [r.id, r.sentFrom])).toEqual([
      [fromCli!.summary.id, 'cli'],
      [fromApp!.summary.id, 'app'],
    ]);
  });
});
