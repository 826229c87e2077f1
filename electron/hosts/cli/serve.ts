/** `npm run serve -- …`: the same as `hooklab serve …` (commands/serve.ts), run from the checkout. */
import { hooklab } from './hooklab-commands';
import { processIo } from './cli-io';

// Returns only when it could not start (it runs until interrupted).
process.exit(await hooklab(['serve', ...process.argv.slice(2)], processIo()));
