/** `npm run check-handler -- URL …`: the same as `hooklab check-handler URL …` (commands/check-handler.ts), run from the checkout. */
import { hooklab } from './hooklab-commands';
import { processIo } from './cli-io';

process.exitCode = await hooklab(['check-handler', ...process.argv.slice(2)], processIo());
