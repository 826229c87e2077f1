import { SIGNATURE_OUTCOMES, type DeliverySummary, type ForwardResult } from '../../../../shared/contract/live';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession, type CoreSession } from '../framework/session';
import { deliveryLine } from '../listening/delivery-line';
import { wholeNumber } from '../sending/report';
import { parseSince } from '../../kit/since';
import { untilMatch } from './events-until-match';

export const eventsCommand: CommandSpec = {
  name: 'events',
  summary: "The deliveries the listener stored, newest first; with --follow oldest first, then each new one as it arrives. Through the running Hooklab when one holds the data folder.",
  options: [
    { name: 'type', value: 'T', help: 'only this event type' },
    { name: 'order', value: 'ID', help: 'only this orderId' },
    { name: 'since', value: 'DURATION|ISO', help: 'received since (15m, 2h, 3d or an ISO time)' },
    { name: 'signature', value: 'valid|invalid|missing', help: 'only this signature verdict' },
    { name: 'limit', value: 'N', help: 'at most N (default 50)' },
    { name: 'event', value: 'ID', help: 'only this event id' },
    { name: 'follow', help: 'then keep printing new deliveries until interrupted' },
    { name: 'until-match', help: 'wait for the first delivery matching --type, --order, --event stored since --since (default: now), print it and exit 0; exit 1 at --timeout' },
    { name: 'timeout', value: 'DURATION', help: 'how long --until-match waits (default 30s)' },
  ],
  examples: ['hooklab events --type SuccessPayment --since 1h', 'hooklab events --follow --json', 'hooklab events --follow --until-match --order 100042 --type SuccessPayment --timeout 60s'],
  run,
};

type Filter = (d: DeliverySummary) => boolean;

function filterOf(inv: Invocation): Filter {
  const type = inv.value('type');
  const order = inv.value('order');
  const event = wholeNumber(inv.value('event'), 'event', 1, Number.MAX_SAFE_INTEGER);
  const signature = inv.value('signature');
  if (signature !== undefined && !(SIGNATURE_OUTCOMES as readonly string[]).includes(signature)) throw new CliError(`--signature: one of ${SIGNATURE_OUTCOMES.join(', ')}`);
  const sinceText = inv.value('since');
  const since = sinceText === undefined ? null : parseSince(sinceText, Date.now(), '--since');
  return (d) =>
    (type === undefined || d.eventType === type) &&
    (order === undefined || d.orderId === order) &&
    (event === undefined || d.eventId === event) &&
    (signature === undefined || d.signature === signature) &&
    (since === null || Date.parse(d.receivedAt) >= since);
}

/** Newest first, a page at a time, until `limit` match or the rows are older than --since. */
async function newestMatching(session: CoreSession, matches: Filter, limit: number, sinceMs: number | null): Promise<DeliverySummary[]> {
  const found: DeliverySummary[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const page = await session.call('live.list', { limit: 1000, ...(beforeId ? { beforeId } : {}) });
    for (const row of page.rows) {
      if (sinceMs !== null && Date.parse(row.receivedAt) < sinceMs) return found;
      if (matches(row)) found.push(row);
      if (found.length >= limit) return found;
    }
    if (page.nextBeforeId === null) return found;
    beforeId = page.nextBeforeId;
  }
}

/** What the handlers answered a forwarded delivery (the list's summary holds only their count). */
async function forwardsOf(session: CoreSession, d: DeliverySummary): Promise<readonly ForwardResult[]> {
  if (!d.handler || d.handler.targets === 0) return [];
  return (await session.call('live.get', { id: d.id, bodyBytes: 1 })).forwards;
}

/** The stderr line of a listing that found nothing, naming the filters that were applied. */
function noMatchNotice(inv: Invocation): string {
  const filters = (['type', 'order', 'event', 'since', 'signature'] as const).flatMap((name) => {
    const value = inv.value(name);
    return value === undefined ? [] : [`--${name} ${value}`];
  });
  return filters.length > 0 ? `no delivery matches ${filters.join(' ')}` : 'no deliveries stored yet in this data folder';
}

async function run(inv: Invocation): Promise<number> {
  const matches = filterOf(inv);
  const limit = wholeNumber(inv.value('limit'), 'limit', 1, 1_000_000) ?? 50;
  const sinceText = inv.value('since');
  const sinceMs = sinceText === undefined ? null : parseSince(sinceText, Date.now(), '--since');
  const session = openSession(dataDirOf(inv), { writes: false });
  if (inv.flag('until-match')) {
    try {
      return await untilMatch(inv, session);
    } finally {
      await session.close();
    }
  }
  const print = async (d: DeliverySummary) => {
    const line = deliveryLine(d, await forwardsOf(session, d), inv.out.paint);
    inv.out.event(line.text, line.data);
  };
  if (!inv.flag('follow')) {
    try {
      const found = await newestMatching(session, matches, limit, sinceMs);
      for (const d of found) await print(d);
      // Nothing on stdout keeps a pipe clean; the person at the terminal still learns why.
      if (found.length === 0) inv.out.progress(noMatchNotice(inv));
    } finally {
      await session.close();
    }
    return EXIT.done;
  }
  // Listen first, then list: a delivery arriving in between is printed once, in order.
  let lastId = 0;
  const early: DeliverySummary[] = [];
  let listed = false;
  // One line at a time, in id order, though each may wait for its forward results.
  let printing = Promise.resolve();
  const show = (d: DeliverySummary) => {
    if (d.id <= lastId || !matches(d)) return;
    lastId = d.id;
    printing = printing.then(() => print(d)).catch((error: unknown) => inv.out.progress(`hooklab: ${(error as Error).message}`));
  };
  session.onEvent('live.received', ({ deliveries }) => {
    for (const d of deliveries) (listed ? show : early.push.bind(early))(d);
  });
  await session.eventsReady();
  const backlog = (await newestMatching(session, matches, limit, sinceMs)).reverse();
  for (const d of backlog) show(d);
  listed = true;
  for (const d of early.sort((a, b) => a.id - b.id)) show(d);
  await printing;
  inv.out.progress(
    session.via.startsWith('the running')
      ? `following new deliveries through ${session.via} (Ctrl-C to stop)`
      : 'no Hooklab holds this data folder, so nothing new arrives: run `hooklab listen` (or the app) on it',
  );
  return new Promise<number>((resolve) => {
    const stop = () => void session.close().finally(() => resolve(EXIT.done));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
