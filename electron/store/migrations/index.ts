import type { Migration } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-live';
import { migration003 } from './003-received-indexes';
import { migration005 } from './005-received-retention';

/**
 * Id 4 belongs to the replay branch. Until it is merged, this empty step keeps the ids dense
 * so this branch runs alone; at merge it is replaced by replay's migration 004 (never ship both).
 */
const reservedForReplay: Migration = { id: 4, name: 'reserved-for-replay', sql: '' };

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [migration001, migration002, migration003, reservedForReplay, migration005];
