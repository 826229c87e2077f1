import { basename, resolve } from 'node:path';
import type { OpenSource, ReplayRequestSpec } from '../../../../shared/contract/replay-drafts';
import { SIGNATURE_HEADER, WEBHOOK_HEADER_NAMES } from '../../../../shared/service';
import { FileRefusedError, readBoundedTextFile } from '../../../services/platform/bounded-file';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { terminalSafe } from '../framework/terminal-text';
import { wholeNumber } from '../sending/report';
import { ALLOW_NON_LOOPBACK_OPTION, chooseTargets, toOption } from '../sending/targets';
import { applySetOverrides, parseSetOverride } from '../values/set-overrides';
import { is2xx } from '../../../../shared/http/status';
import { awaitTrace, traceLines } from '../sending/trace-lines';

export const replayCommand: CommandSpec = {
  name: 'replay',
  args: '<delivery-id | fixture.json>',
  summary:
    "Sends a received delivery (or a fixture file) again through Replay's engine: re-signed with the listener's current key, stored in Replay's history like a replay from the app. Exit 1 when a handler answers outside 2xx.",
  positional: { min: 1, max: 1 },
  options: [
    toOption({ repeatable: false }),
    { name: 'set', value: 'PATH=VALUE', repeatable: true, help: 'change a field of the JSON body first (typed as there)' },
    { name: 'count', value: 'N', help: 'send N times (each a new event id), default 1' },
    { name: 'concurrency', value: 'N', help: 'with --count: all at once when N > 1 (default 1: one after another)' },
    { name: 'keep-signature', help: "send the original's signature unchanged instead of signing again" },
    ALLOW_NON_LOOPBACK_OPTION,
    { name: 'no-trace', help: "do not wait for and print the handler's spans under each answer" },
  ],
  examples: ['hooklab replay 42 --set metadata.PaidAmount=0.01', 'hooklab replay fixtures/success.json --count 5 --concurrency 5'],
  run,
};

const FIXTURE_MAX_BYTES = 64 * 1024 * 1024;

function sourceOf(inv: Invocation): OpenSource {
  const word = inv.positional[0]!;
  if (/^\d+$/.test(word)) return { kind: 'received', id: Number(word) };
  const path = resolve(inv.io.cwd ?? process.cwd(), word);
  let content: string | null;
  try {
    // A regular file no larger than replay.open takes (64 MiB), read once.
    content = readBoundedTextFile(path, FIXTURE_MAX_BYTES);
  } catch (error) {
    if (error instanceof FileRefusedError) throw new CliError(`${word} is neither a delivery id nor a readable fixture file (${error.reason})`);
    throw error;
  }
  if (content === null) throw new CliError(`${word} is neither a delivery id nor a readable fixture file (ENOENT)`);
  return { kind: 'fixture', content, name: basename(path) };
}

async function run(inv: Invocation): Promise<number> {
  const count = wholeNumber(inv.value('count'), 'count', 1, 1000) ?? 1;
  const concurrency = wholeNumber(inv.value('concurrency'), 'concurrency', 1, 1000) ?? 1;
  const overrides = inv.values('set').map(parseSetOverride);
  const dataDir = dataDirOf(inv);
  const config = configOf(inv);
  const source = sourceOf(inv);
  const session = openSession(dataDir, { writes: true });
  try {
    const draft = await session.call('replay.open', { from: source });
    let request: ReplayRequestSpec = draft.request;
    if (overrides.length > 0) {
      if (request.body.kind !== 'text') throw new CliError('--set needs a JSON body; this one is not text');
      let json: unknown;
      try {
        json = JSON.parse(request.body.text);
      } catch {
        throw new CliError('--set needs a JSON body; this one is not JSON');
      }
      request = { ...request, body: { kind: 'text', text: JSON.stringify(applySetOverrides(json, overrides)) } };
    }
    if (inv.flag('keep-signature')) {
      if (source.kind !== 'received') throw new CliError('--keep-signature needs a received delivery (a fixture has no signature)');
      const original = (await session.call('live.get', { id: source.id })).headers.find(([name]) => name.toLowerCase() === SIGNATURE_HEADER);
      if (!original) throw new CliError(`delivery #${source.id} arrived without a signature`);
      request = { ...request, headers: { ...request.headers, removed: [...request.headers.removed, SIGNATURE_HEADER], extra: [...request.headers.extra, [WEBHOOK_HEADER_NAMES.signature, original[1]]] } };
    }
    const eventType = eventTypeOf(request);
    const [target] = chooseTargets(inv, eventType, config, dataDir);
    const { replays } = await session.call('replay.send', {
      request,
      targetUrl: target!,
      times: count,
      mode: concurrency > 1 ? 'concurrent' : 'sequential',
      origin: draft.origin,
      // Replay's history in the app labels it as sent from the command line.
      sentFrom: 'cli',
    });
    let status: number = EXIT.done;
    // The handler's spans of every answered replay, once some handler exports spans to this
    // Hooklab (else every replay would wait seconds for spans that never come).
    const tracing = inv.flag('no-trace') ? null : (await session.call('app.status', {})).tracing;
    const showTrace = tracing !== null && tracing.endpoint !== null && tracing.spans > 0;
    for (const r of replays) {
      const s = r.summary;
      const trace = showTrace && s.traceId && s.status !== null ? await awaitTrace((traceId) => session.call('traces.get', { traceId }), s.traceId) : null;
      const answer = s.status === null ? inv.out.paint.red(`unreachable: ${terminalSafe(s.error, 120)}`) : is2xx(s.status) ? inv.out.paint.green(String(s.status)) : inv.out.paint.red(String(s.status));
      inv.out.event(`replay #${s.id} of ${sourceLabel(source)}  ${eventType === null ? '(no type)' : terminalSafe(eventType, 40)}  -> ${terminalSafe(s.targetUrl, 200)}  ${answer}${s.latencyMs === null ? '' : `  ${Math.round(s.latencyMs)} ms`}`, {
        replayId: s.id,
        ...(source.kind === 'received' ? { deliveryId: source.id } : {}),
        type: eventType,
        target: s.targetUrl,
        status: s.status,
        latencyMs: s.latencyMs,
        error: s.error,
        traceId: s.traceId,
        ...(trace ? { spans: trace.spans } : {}),
      });
      if (trace && !inv.out.json) for (const line of traceLines(trace, inv.out.paint)) inv.out.event(line, {});
      status = Math.max(status, s.status === null ? EXIT.couldNotRun : is2xx(s.status) ? EXIT.done : EXIT.failed);
    }
    return status;
  } finally {
    await session.close();
  }
}

/**
 * What was replayed, beside the replay's own number: "replay #5 of delivery #2" (Replay's history
 * counts every replay, so the number alone reads as the delivery's id).
 */
function sourceLabel(source: ReturnType<typeof sourceOf>): string {
  if (source.kind === 'received') return `delivery #${source.id}`;
  return source.kind === 'fixture' ? terminalSafe(source.name ?? 'the fixture', 80) : source.kind;
}

function eventTypeOf(request: ReplayRequestSpec): string | null {
  if (request.body.kind !== 'text') return null;
  try {
    const type = (JSON.parse(request.body.text) as { type?: unknown }).type;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}
