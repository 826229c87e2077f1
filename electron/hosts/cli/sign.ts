/**
 * `npm run sign -- FILE` (also `hooklab sign FILE`): prints the X-Svc-Hmac-Sha256 value of the
 * file's exact bytes, keyed with HOOKLAB_WEBHOOK_KEY: the signature a test of your handler
 * sends. `-` reads standard input. Exit status 2 on a usage error or an unreadable file.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { signBody } from '../../../shared/signing';
import { nodeHmac } from '../../services/platform/node-hmac';
import { CliUsageError, type CliIo, processIo, requireWebhookKey } from './cli-io';

export const SIGN_USAGE = 'usage: npm run sign -- FILE   (key in HOOKLAB_WEBHOOK_KEY; FILE - reads standard input)';

/** Runs the command; returns the exit status. */
export function signCli(argv: readonly string[], io: CliIo, readFile: (path: string) => Uint8Array = (p) => readFileSync(p === '-' ? 0 : p)): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${SIGN_USAGE}\n`);
    return 0;
  }
  try {
    if (argv.length !== 1 || (argv[0]!.startsWith('--') && argv[0] !== '-')) throw new CliUsageError(argv.length === 0 ? 'give the file to sign' : `one FILE only (got ${argv.join(' ')})`);
    const key = requireWebhookKey(io);
    let bytes: Uint8Array;
    try {
      bytes = readFile(argv[0]!);
    } catch (error) {
      throw new CliUsageError(`cannot read ${argv[0]}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    io.out(`${signBody(nodeHmac, key, bytes)}\n`);
    return 0;
  } catch (error) {
    io.err(`sign: ${(error as Error).message}\n${SIGN_USAGE}\n`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = signCli(process.argv.slice(2), processIo());
}
