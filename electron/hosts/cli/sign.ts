/**
 * `npm run sign -- FILE [--data-dir DIR]` (also `hooklab sign FILE`): prints the X-Svc-Hmac-Sha256
 * value of the file's exact bytes, keyed with HOOKLAB_WEBHOOK_KEY, else the data folder's current
 * key: the signature a test of your handler sends. `-` reads standard input. Exit status 2 on a
 * usage error, no key or an unreadable file.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { signBody } from '../../../shared/signing';
import { nodeHmac } from '../../services/platform/node-hmac';
import { parseArgs } from './args';
import { CliUsageError, type CliIo, processIo, splitPositional } from './cli-io';
import { dataDirOf } from './framework/context';
import { requireWebhookKey } from './sending/signing-key';

export const SIGN_USAGE = 'usage: hooklab sign FILE [--data-dir DIR]   (key in HOOKLAB_WEBHOOK_KEY, else the data folder\'s current key; FILE - reads standard input)';

/** Runs the command; returns the exit status. */
export function signCli(argv: readonly string[], io: CliIo, readFile: (path: string) => Uint8Array = (p) => readFileSync(p === '-' ? 0 : p)): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${SIGN_USAGE}\n`);
    return 0;
  }
  try {
    const { positional, rest } = splitPositional(argv);
    const args = parseArgs(rest, { options: ['data-dir'], flags: [] });
    if (positional.length !== 1) throw new CliUsageError(positional.length === 0 ? 'give the file to sign' : `one FILE only (got ${positional.join(' ')})`);
    const file = positional[0]!;
    const signing = requireWebhookKey(io, dataDirOf({ value: args.value, io }));
    // stdout is the signature alone; a trimmed key is said on stderr.
    if (signing.notice) io.err(`sign: HOOKLAB_WEBHOOK_KEY: ${signing.notice}\n`);
    const key = signing.value;
    let bytes: Uint8Array;
    try {
      bytes = readFile(file);
    } catch (error) {
      throw new CliUsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    io.out(`${signBody(nodeHmac, key, bytes)}\n`);
    return 0;
  } catch (error) {
    io.err(`hooklab sign: ${(error as Error).message}\n${SIGN_USAGE}\n`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = signCli(process.argv.slice(2), processIo());
}
