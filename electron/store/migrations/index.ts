import type { Migration } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-live';
import { migration003 } from './003-received-indexes';
import { migration006 } from './006-delivery-search';

/**
 * Stand-ins for ids 4 (replay) and 5 (hardening), built on other branches: ids must be dense.
 * The merge replaces them with the real migrations.
 */
const branchPlaceholders: readonly Migration[] = [
  { id: 4, name: 'placeholder-replay', sql: '' },
  { id: 5, name: 'placeholder-hardening', sql: '' },
];

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [migration001, migration002, migration003, ...branchPlaceholders, migration006];
