import type { Database } from './database';

/**
 * A one-off move of data an older Hooklab left, run at start until it completes. Ids are dense
 * from 1 and never reused, like the SQL migrations': an id recorded as done never runs again.
 */
export interface DataMove {
  readonly id: number;
  readonly name: string;
  /** Moves what there is to move; false: not done (said in the log), tried again at the next start. */
  run(): boolean;
}

/**
 * Runs, in order, every move not yet recorded in `data_moves`, and records each one that
 * completed. A move that did not complete stops the list there: the next ones may rely on it.
 * Returns the ids run and recorded.
 */
export function runDataMoves(db: Database, moves: readonly DataMove[], now: () => string): number[] {
  const sorted = [...moves].sort((a, b) => a.id - b.id);
  sorted.forEach((m, index) => {
    if (m.id !== index + 1) throw new Error(`data move ids must be 1..n without gaps (found ${m.id} at ${index + 1})`);
  });
  const done = new Set((db.prepare('SELECT id FROM data_moves').all() as Array<{ id: number }>).map((r) => Number(r.id)));
  const record = db.prepare('INSERT INTO data_moves (id, name, done_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const move of sorted) {
    if (done.has(move.id)) continue;
    if (!move.run()) break;
    record.run(move.id, move.name, now());
    ran.push(move.id);
  }
  return ran;
}
