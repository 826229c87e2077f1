import { MAX_DELIVERY_WAIT_MS, type WaitForDeliveryResult } from '../../../../shared/contract/live';
import type { Invocation } from '../framework/command';
import { CliError, EXIT } from '../framework/exit-codes';
import type { CoreSession } from '../framework/session';
import { deliveryLine } from '../listening/delivery-line';
import { wholeNumber } from '../sending/report';
import { parseSince } from '../../kit/since';
import { parseTimeLimit } from '../values/time-limit';

/** How long `--until-match` waits without --timeout. */
const DEFAULT_UNTIL_MATCH_MS = 30_000;

/** The filters of `events` that `live.waitForDelivery` takes. */
function waitFilters(inv: Invocation): { type?: string; orderId?: string; eventId?: number } {
  if (inv.value('signature') !== undefined) throw new CliError('--until-match waits by --type, --order and --event; --signature does not go with it', { usage: true });
  const type = inv.value('type');
  const orderId = inv.value('order');
  const eventId = wholeNumber(inv.value('event'), 'event', 1, Number.MAX_SAFE_INTEGER);
  return { ...(type !== undefined ? { type } : {}), ...(orderId !== undefined ? { orderId } : {}), ...(eventId !== undefined ? { eventId } : {}) };
}

/**
 * `hooklab events --follow --until-match`: waits, through the running Hooklab, for the first
 * delivery matching the filters stored since --since (default: now), prints it and exits 0; at
 * --timeout exits 1 saying what arrived meanwhile. One wait is at most a minute: a longer
 * --timeout asks again from the same start, so nothing stored in between is missed.
 */
export async function untilMatch(inv: Invocation, session: CoreSession): Promise<number> {
  const filters = waitFilters(inv);
  const timeoutMs = parseTimeLimit(inv.value('timeout'), DEFAULT_UNTIL_MATCH_MS, 'timeout');
  if (!session.via.startsWith('the running')) {
    throw new CliError('no Hooklab holds this data folder, so nothing new arrives: run `hooklab listen` (or the app) on it, then wait');
  }
  const started = Date.now();
  const sinceText = inv.value('since');
  const since = new Date(sinceText === undefined ? started : parseSince(sinceText, started, '--since')).toISOString();
  inv.out.progress(`waiting up to ${timeoutMs / 1000} s for a matching delivery through ${session.via}`);
  let result: WaitForDeliveryResult;
  do {
    const left = Math.max(1, started + timeoutMs - Date.now());
    result = await session.call('live.waitForDelivery', { ...filters, since, timeoutMs: Math.min(left, MAX_DELIVERY_WAIT_MS) });
  } while (!result.match && Date.now() - started < timeoutMs);
  if (result.match) {
    const line = deliveryLine(result.match, [], inv.out.paint);
    inv.out.event(line.text, line.data);
    return EXIT.done;
  }
  inv.out.progress(`nothing matching arrived in ${Math.round(timeoutMs / 100) / 10} s; ${result.arrivedCount} other deliveries arrived meanwhile${result.arrivedCount > 0 ? ':' : ''}`);
  for (const d of result.arrived) inv.out.progress(deliveryLine(d, [], inv.out.paint).text);
  if (result.arrivedCount > result.arrived.length) inv.out.progress(`…and ${result.arrivedCount - result.arrived.length} more`);
  return EXIT.failed;
}
