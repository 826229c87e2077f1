import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DeliveryDetail } from '../../../../shared/contract/live';
import { SCENARIO_FILE_FORMAT, SCENARIO_FILE_VERSION, type ScenarioFile } from '../../../../shared/scenario/scenario-file';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession, type CoreSession } from '../framework/session';

export const scenarioRecordCommand: CommandSpec = {
  name: 'scenario record',
  args: '<orderId | --ids 12,13,14>',
  summary:
    "Writes a scenario file from received deliveries (an order's, in arrival order, or the given ids): each body exactly as received, its headers, and the gaps between arrivals. Plain versioned JSON to commit beside your tests.",
  positional: { min: 0, max: 1 },
  options: [
    { name: 'ids', value: 'ID,ID,...', help: 'record these received deliveries (ids from hooklab events)' },
    { name: 'output', short: 'o', value: 'FILE', help: 'the scenario file to write (required)' },
  ],
  examples: ['hooklab scenario record 900001 -o scenarios/3ds-success.json'],
  run,
};

async function deliveryIds(session: CoreSession, inv: Invocation): Promise<{ ids: number[]; source: ScenarioFile['source'] }> {
  const idsText = inv.value('ids');
  const orderId = inv.positional[0];
  if ((idsText === undefined) === (orderId === undefined)) throw new CliError('give an orderId or --ids, one of them');
  if (idsText !== undefined) {
    const ids = idsText.split(',').map((s) => Number(s.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw new CliError(`--ids "${idsText}": give delivery ids like 12,13,14`);
    return { ids, source: { ids } };
  }
  const ids: number[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const page = await session.call('live.list', { limit: 1000, ...(beforeId ? { beforeId } : {}) });
    for (const row of page.rows) if (row.orderId === orderId) ids.push(row.id);
    if (page.nextBeforeId === null) break;
    beforeId = page.nextBeforeId;
  }
  if (ids.length === 0) throw new CliError(`no received delivery is about order ${orderId} (hooklab events --order ${orderId})`);
  return { ids: ids.sort((a, b) => a - b), source: { orderId: orderId! } };
}

/** One recorded event: the body as text when it is UTF-8 (readable in a diff), else Base64. */
function toScenarioEvent(d: DeliveryDetail, previousMs: number | null): ScenarioFile['events'][number] {
  const receivedMs = Date.parse(d.summary.receivedAt);
  return {
    gapMs: previousMs === null ? 0 : Math.max(0, receivedMs - previousMs),
    receivedAt: d.summary.receivedAt,
    eventType: d.summary.eventType,
    eventId: d.summary.eventId === null ? null : String(d.summary.eventId),
    eventCreated: d.summary.eventCreated,
    headers: d.headers,
    ...(d.bodyText !== null ? { body: d.bodyText } : { bodyBase64: d.bodyBase64 }),
  };
}

async function run(inv: Invocation): Promise<number> {
  const output = inv.value('output');
  if (!output) throw new CliError('-o FILE is required');
  const session = openSession(dataDirOf(inv));
  try {
    const { ids, source } = await deliveryIds(session, inv);
    const events: ScenarioFile['events'] = [];
    let previousMs: number | null = null;
    for (const id of ids) {
      const detail = await session.call('live.get', { id });
      if (detail.summary.truncated) throw new CliError(`delivery #${id} was not received whole (${detail.summary.truncation}); a scenario needs exact bodies`);
      events.push(toScenarioEvent(detail, previousMs));
      previousMs = Date.parse(detail.summary.receivedAt);
    }
    const file: ScenarioFile = { format: SCENARIO_FILE_FORMAT, version: SCENARIO_FILE_VERSION, recordedAt: new Date().toISOString(), source, events };
    const path = resolve(inv.io.cwd ?? process.cwd(), output);
    writeFileSync(path, JSON.stringify(file, null, 2) + '\n');
    inv.out.event(`recorded ${events.length} deliveries to ${path}`, { file: path, events: events.length, ids });
    return EXIT.done;
  } finally {
    await session.close();
  }
}
