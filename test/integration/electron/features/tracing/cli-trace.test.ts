import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryDetail } from '../../../../../shared/contract/live';
import type { Trace } from '../../../../../shared/contract/tracing';
import { startOtelHandler, type OtelHandler } from '../../../../fixtures/otel-handler';
import { runHooklab } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';

const KEY = 'whsec-cli-trace-key';
const newDir = tempDirs('hooklab-cli-trace-');

let serve: ServeOnFolder | null = null;
let handler: OtelHandler | null = null;
afterEach(async () => {
  await handler?.stop();
  handler = null;
  await serve?.stop();
  serve = null;
});

async function call<T>(s: ServeOnFolder, name: string, args: unknown = {}): Promise<T> {
  const { body } = await callWith(s.url, s.token, name, args);
  const envelope = body as { ok: boolean; value: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(envelope.error!.message);
  return envelope.value;
}

/** Reads until `done` holds, within `withinMs`: the handler's SDK exports in its own time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 5_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('hooklab replay and check-handler print the handler spans', () => {
  it('under each answer, through the running Hooklab; not with --no-trace', async () => {
    const dataDir = newDir();
    serve = await startServeOn(dataDir, [], { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY });
    const status = await call<{ listener: { url: string }; tracing: { endpoint: string } }>(serve, 'app.status');
    handler = await startOtelHandler(status.tracing.endpoint);
    await call(serve, 'settings.update', { listener: { forwardTargets: [`${handler.url}/webhooks`] } });
    const body = JSON.stringify({ orderId: 'o-1', orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'Created', metadata: null });
    await fetch(status.listener.url, { method: 'POST', body, headers: { 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64'), 'X-Svc-Event-Id': '31' } });
    const detail = await until(
      () => call<DeliveryDetail>(serve!, 'live.get', { id: 1 }),
      (d) => d.forwards.length > 0,
    );
    const forwarded = await until(
      () => call<Trace>(serve!, 'traces.get', { traceId: detail.forwards[0]!.traceId }),
      (t) => t.spans.some((s) => s.name === 'process-event'),
    );
    expect(forwarded.spans.map((s) => s.name)).toContain('process-event');

    const replay = await runHooklab(['replay', '1', '--to', `${handler.url}/webhooks/throws`, '--data-dir', dataDir]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/replay #1 of delivery #1 .* 500/);
    expect(replay.stdout).toMatch(/charge-customer .* error/);
    expect(replay.stdout).toMatch(/card store unavailable/);

    const quiet = await runHooklab(['replay', '1', '--to', `${handler.url}/webhooks/throws`, '--data-dir', dataDir, '--no-trace']);
    expect(quiet.stdout).not.toMatch(/charge-customer/);

    const check = await runHooklab(['check-handler', `${handler.url}/webhooks`, '--only', 'valid-signature-accepted', '--data-dir', dataDir], {
      env: { HOOKLAB_WEBHOOK_KEY: KEY },
    });
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/PASS {2}valid-signature-accepted/);
    expect(check.stdout).toMatch(/process-event/);
  }, 60_000);
});
