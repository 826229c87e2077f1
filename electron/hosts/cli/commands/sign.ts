import { readFileSync } from 'node:fs';
import { signBody } from '../../../../shared/signing';
import { nodeHmac } from '../../../services/platform/node-hmac';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { requireWebhookKey } from '../sending/signing-key';

/**
 * `hooklab sign FILE` (and `npm run sign -- FILE`): prints the X-Svc-Hmac-Sha256 value of the
 * file's exact bytes, keyed with HOOKLAB_WEBHOOK_KEY, else the data folder's current key: the
 * signature a test of your handler sends. `-` reads standard input.
 */
export const signCommand: CommandSpec = {
  name: 'sign',
  args: 'FILE',
  summary: "Print the signature (X-Svc-Hmac-Sha256) of a file's exact bytes, keyed with HOOKLAB_WEBHOOK_KEY, else the data folder's current key; FILE - reads standard input.",
  positional: { min: 1, max: 1 },
  options: [],
  common: ['data-dir'],
  examples: ['hooklab sign body.json', 'printf %s "$BODY" | hooklab sign -'],
  // As before it joined the framework: a later option overrides an earlier one.
  rules: { laterWins: true },
  run: async (inv) => signFile(inv),
};

/** The signature on stdout alone; a trimmed key is said on stderr. */
export function signFile(inv: Invocation, readFile: (path: string) => Uint8Array = (p) => readFileSync(p === '-' ? 0 : p)): number {
  const file = inv.positional[0]!;
  const signing = requireWebhookKey(inv.io, dataDirOf(inv));
  if (signing.notice) inv.io.err(`sign: HOOKLAB_WEBHOOK_KEY: ${signing.notice}\n`);
  let bytes: Uint8Array;
  try {
    bytes = readFile(file);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { usage: true });
  }
  inv.io.out(`${signBody(nodeHmac, signing.value, bytes)}\n`);
  return 0;
}
