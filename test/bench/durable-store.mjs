// The minimal durable receiver's store (test/bench/listener-ingest-server.ts), plain JS so a
// worker thread runs it as it is: every delivery (headers and body) in SQLite with the
// listener's durability (WAL, synchronous=FULL), one transaction per batch.
import { DatabaseSync } from 'node:sqlite';

/** Opens the store at `path`; the function it returns commits a batch and returns once it is durable. */
export function openDurableStore(path) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE d (id INTEGER PRIMARY KEY, received_at_ms INTEGER, headers_json TEXT, body BLOB, verified INTEGER)');
  const insert = db.prepare('INSERT INTO d (received_at_ms, headers_json, body, verified) VALUES (?, ?, ?, ?)');
  return (batch) => {
    db.exec('BEGIN');
    for (const d of batch) insert.run(Date.now(), d.headers, d.body, d.verified);
    db.exec('COMMIT');
  };
}
