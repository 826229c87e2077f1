import type { Migration } from '../migrate';

/**
 * What a cancelled bulk resend left (the ids of the service's deliveries it had not started),
 * so `history.resendResume` finishes it after a restart too. `ids_json` is a JSON array of
 * integers; `rate_per_second` is null for a job run without a rate.
 */
export const migration013: Migration = {
  id: 13,
  name: 'resend-remainders',
  sql: `
    CREATE TABLE resend_remainders (
      job_id TEXT PRIMARY KEY,
      ids_json TEXT NOT NULL,
      concurrency INTEGER NOT NULL,
      rate_per_second REAL,
      kept_at_ms INTEGER NOT NULL
    );
  `,
};
