import type { Migration } from '../migrate';

/**
 * Where a replay was sent from: 'app' (Replay in the app or the browser host) or 'cli'
 * (`hooklab replay`), so Replay's history can tell a terminal's replays apart. Rows stored
 * before this step were all sent from the app: the CLI did not exist when they were written.
 */
export const migration010: Migration = {
  id: 10,
  name: 'replay-sent-from',
  sql: `
    ALTER TABLE replays ADD COLUMN sent_from TEXT NOT NULL DEFAULT 'app' CHECK (sent_from IN ('app', 'cli'));
  `,
};
