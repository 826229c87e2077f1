import type { Migration } from '../migrate';

/**
 * PLACEHOLDER on branch trust-b only: 007 is the stored body kind, written on branch `arch`.
 * Migration ids are dense, so 008 needs a 007 to run here. Delete this file when merging.
 */
export const migration007: Migration = { id: 7, name: 'reserved-for-body-kind', sql: '' };
