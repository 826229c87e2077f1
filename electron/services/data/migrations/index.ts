import type { Migration } from '../migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-live';
import { migration003 } from './003-received-indexes';
import { migration004 } from './004-replay';
import { migration005 } from './005-received-retention';
import { migration006 } from './006-delivery-search';
import { migration007 } from './007-received-body-kind';
import { migration008 } from './008-delivery-trust';
import { migration009 } from './009-delivery-ids-never-reused';
import { migration010 } from './010-replay-sent-from';
import { migration011 } from './011-tracing';
import { migration012 } from './012-received-by-time';
import { migration013 } from './013-resend-remainders';
import { migration014 } from './014-received-batch-bookkeeping';
import { migration015 } from './015-search-index-file';
import { migration016 } from './016-imports';
import { migration017 } from './017-received-by-time-and-import';
import { migration018 } from './018-imported-history';
import { migration019 } from './019-data-moves';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
];
