import type { Migration } from '../migrate';

/**
 * PLACEHOLDERS ONLY, for the tracing branch: ids 11-14 are reserved for other branches'
 * migrations and `migrate` requires dense ids. Delete this file (and its use in index.ts)
 * when merging: the real 011-014 take these places.
 */
export const reservedMigrations: readonly Migration[] = [11, 12, 13, 14].map((id) => ({
  id,
  name: `reserved-${id}`,
  sql: 'SELECT 1;',
}));
