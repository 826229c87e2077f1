/** `npm run sign -- FILE`: the same as `hooklab sign FILE` (commands/sign.ts), run from the checkout. */
import { hooklab } from './hooklab-commands';
import { processIo } from './cli-io';

process.exitCode = await hooklab(['sign', ...process.argv.slice(2)], processIo());
