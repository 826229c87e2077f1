import { parseSince as readSince, SINCE_HELP } from '../../../shared/text/since';

/** An MCP tool's `since` as epoch milliseconds (the one rule: shared/text/since.ts). */
export function parseSince(since: string, now: number): number {
  const ms = readSince(since, now);
  if (ms === null) throw new Error(`since "${since}": give ${SINCE_HELP}`);
  return ms;
}
