/**
 * Reconciliation of 100k history deliveries against 100k received ones, as the app runs it:
 * both sides read from SQLite (history_deliveries, received_deliveries joined with
 * forward_results), then matched. Baseline in the same run: the bare SELECTs of both sides.
 *
 *   npx tsx test/bench/history-reconcile.ts [deliveries=100000] [rounds=5]
 * Writes test/bench/results/history-reconcile.md (summarised in BENCHMARKS.md).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../electron/services/data/database';
import { HistoryStore } from '../../electron/services/data/history-store';
import { loadReconciliationInput } from '../../electron/features/history/reconciliation-source';
import { reconcile } from '../../electron/features/history/reconciliation';
import type { WebhookDelivery } from '../../shared/service';

const total = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), 'hooklab-reconcile-'));
const db = openDatabase(join(dir, 'bench.db'));
const base = Date.parse('2026-03-01T00:00:00Z');
const payloadOf = (i: number) =>
  JSON.stringify({ orderId: `o-${i}`, orderReference: null, orderType: 'FULL', description: 'La orden fue creada', level: 'Info', type: 'Created', metadata: null });

// History: `total` deliveries; every 10th is a resend of the delivery before it (same event id).
const history: WebhookDelivery[] = [];
for (let i = 1; i <= total; i++) {
  const resend = i % 10 === 0;
  history.push({
    id: i,
    eventId: resend ? i - 1 : i,
    eventType: 'Created',
    eventCreated: new Date(base + i).toISOString(),
    url: 'http://127.0.0.1:4000/hook',
    payload: payloadOf(resend ? i - 1 : i),
    responseStatusCode: i % 7 === 0 ? 500 : 200,
    delivered: i % 7 !== 0,
    created: new Date(base + i).toISOString(),
  });
}
const store = new HistoryStore(db);
for (let i = 0; i < history.length; i += 1000) store.apply('sandbox', history.slice(i, i + 1000), null, 'now');

// Received: `total` rows: most carry the event id; 2% none (matched by payload or unlogged);
// 1% event ids history does not have; a forward result for every 5th, failing for every 50th.
db.exec('BEGIN');
const insert = db.prepare(`INSERT INTO received_deliveries (id, received_at, received_at_ms, method, path, headers_json, body, body_size,
  body_sha256, event_id, signature_outcome) VALUES (?, ?, ?, 'POST', '/hook', '[]', ?, ?, ?, ?, 'valid')`);
const forward = db.prepare(`INSERT INTO forward_results (delivery_id, target, status, created_at) VALUES (?, 'http://127.0.0.1:3000', ?, 'now')`);
for (let r = 1; r <= total; r++) {
  const h = history[(r * 7919) % total] as WebhookDelivery; // spread over history
  const body = Buffer.from(r % 50 === 1 ? `{"unlogged":${r}}` : h.payload);
  const eventId = r % 50 === 0 || r % 50 === 1 ? null : r % 100 === 2 ? 10_000_000 + r : h.eventId;
  const at = base + r;
  insert.run(r, new Date(at).toISOString(), at, body, body.length, createHash('sha256').update(body).digest('hex'), eventId);
  if (r % 5 === 0) forward.run(r, r % 50 === 5 ? 500 : 200);
}
db.exec('COMMIT');

const bare: number[] = [];
const full: number[] = [];
let counts: Record<string, number> = {};
for (let round = 0; round < rounds; round++) {
  let t = performance.now();
  db.prepare("SELECT id, event_id, delivered, response_status_code, created FROM history_deliveries WHERE environment_id = 'sandbox' ORDER BY id").all();
  db.prepare('SELECT id, event_id, received_at, body_sha256 FROM received_deliveries ORDER BY id').all();
  bare.push(performance.now() - t);
  t = performance.now();
  const input = loadReconciliationInput(db, store, 'sandbox', null);
  const result = reconcile(input.history, input.received, input.payloadHashes);
  full.push(performance.now() - t);
  counts = result.counts;
}
db.close();
rmSync(dir, { recursive: true, force: true });

const b = median(bare);
const f = median(full);
const fragment = [
  `### History reconciliation (${total / 1000}k history deliveries against ${total / 1000}k received)`,
  '',
  `Command: \`npx tsx test/bench/history-reconcile.ts ${total} ${rounds}\` (medians of ${rounds} rounds, same run)`,
  '',
  '| step | ms (median) |',
  '|---|---|',
  `| bare SELECT of both sides (baseline) | ${b.toFixed(0)} |`,
  `| Hooklab reconciliation (read both sides with forward outcomes, match by event id and payload, windows) | ${f.toFixed(0)} |`,
  '',
  `Ratio to the bare reads: ${(f / b).toFixed(2)}x. Target: under 2 s — **${f < 2000 ? 'met' : 'NOT met'}** (${(f / 1000).toFixed(2)} s).`,
  '',
  `Result counts: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
  '',
].join('\n');
writeFileSync(process.env.HISTORY_BENCH_OUT ?? join(import.meta.dirname, 'results', 'history-reconcile.md'), fragment);
console.log(fragment);
