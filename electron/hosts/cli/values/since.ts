import { parseSince as readSince, SINCE_HELP } from '../../../../shared/text/since';
import { CliError } from '../framework/exit-codes';

/** `--since 15m` / `2h` / `3d` / an ISO time, as epoch milliseconds (the one rule: shared/text/since.ts). */
export function parseSince(text: string, nowMs: number): number {
  const ms = readSince(text, nowMs);
  if (ms === null) throw new CliError(`--since "${text}": give ${SINCE_HELP}`);
  return ms;
}
