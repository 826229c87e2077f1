import { CallError } from '../../../shared/contract/errors';
import type { Clock } from '../../services/platform/clock';
import { targetVerdict } from '../../services/net/target-policy';
import { sendFlowRequest } from './flow-request';

/**
 * Reads the user's handler state URL after a chaos replay: one GET, its JSON (or text) and
 * status. Loopback only, by Replay's own target rule: this is the local handler under test, and
 * nothing else should be fetched on the page's behalf.
 */
export async function readHandlerState(fetchFn: typeof fetch, clock: Clock, url: string) {
  const verdict = targetVerdict(url, false);
  if (!verdict.loopback) {
    throw new CallError('invalid-args', verdict.allowed || verdict.needsOptIn ? `the state URL must be on this machine (loopback): ${url}` : verdict.message);
  }
  const answer = await sendFlowRequest(fetchFn, clock, { step: 'Handler state', method: 'GET', url: verdict.url }, 10_000);
  return { status: answer.status, body: answer.json, error: answer.exchange.error };
}
