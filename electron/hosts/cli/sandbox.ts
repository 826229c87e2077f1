/** `npm run sandbox -- …`: the same as `hooklab sandbox …` (commands/sandbox.ts), run from the checkout. */
import { hooklab } from './hooklab-commands';
import { processIo } from './cli-io';

// Returns only when it could not start (it runs until interrupted).
process.exit(await hooklab(['sandbox', ...process.argv.slice(2)], processIo()));
