import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_TYPES } from '../../../../shared/service';
import { startSandbox } from '../../../emulator';
import { TRIGGER_SANDBOX_FOLDER } from '../../../emulator/id-space';
import { SCENARIOS } from '../../../emulator/scenarios';
import type { LoadedProjectConfig } from '../../../services/project-config/project-config';
import type { Invocation } from '../framework/command';
import { CliError, EXIT } from '../framework/exit-codes';
import { terminalTime } from '../framework/terminal-time';
import { resolveSigningKey } from './signing-key';
import { chooseTargets } from './targets';

/**
 * `hooklab trigger <scenario>`: a sandbox of its own (running only for this command) plays the
 * scenario with its store's webhook pointed at the targets and signed with the user's key, so
 * the handler gets the real series (retries and gaps included), not a template.
 */
export async function triggerScenario(inv: Invocation, name: string, options: { dataDir: string; config: LoadedProjectConfig | null; count: number }): Promise<number> {
  if (!Object.hasOwn(SCENARIOS, name)) {
    throw new CliError(`unknown event type or scenario "${name}". Event types: ${EVENT_TYPES.join(', ')}. Scenarios: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  const targets = chooseTargets(inv, '*', options.config, options.dataDir);
  const key = resolveSigningKey(inv.io.env, options.dataDir);
  inv.out.progress(`playing scenario ${name} (sandbox), signing with ${key.source}`);
  // Its ids come from the data folder's id space, shared with the app's sandbox: a listener
  // would take a second "event 1" for a duplicate, and a handler would drop it. Its own state is
  // in memory only: it signs with the user's key, which no sandbox file may hold (an earlier
  // version kept it in trigger-sandbox/, removed once the id space has counted what it handed out).
  const sandbox = await startSandbox({ retryDelayMs: 200, idSpaceDir: options.dataDir });
  rmSync(join(options.dataDir, TRIGGER_SANDBOX_FOLDER), { recursive: true, force: true });
  let status: number = EXIT.done;
  try {
    const store = sandbox.setWebhook(sandbox.defaultStore.storeId, targets.join(';'), key.value);
    for (let i = 0; i < options.count; i++) {
      const result = await sandbox.runScenario(name, store.storeId);
      for (const outcome of result.outcomes) {
        const event = JSON.parse(outcome.payload) as { type?: string; orderId?: string };
        const code = outcome.responseStatusCode;
        const answer = outcome.delivered ? inv.out.paint.green(String(code)) : inv.out.paint.red(String(code));
        const at = new Date();
        inv.out.event(
          `${terminalTime(at, { ms: true })}  ${(event.type ?? '?').padEnd(26)} order ${event.orderId ?? '-'}  evt ${outcome.delivery?.eventId ?? '-'}  -> ${outcome.url}  ${answer}`,
          { time: at.toISOString(), scenario: name, type: event.type ?? null, orderId: event.orderId ?? null, eventId: outcome.delivery ? String(outcome.delivery.eventId) : null, target: outcome.url, status: code, delivered: outcome.delivered },
        );
        if (!outcome.delivered) status = Math.max(status, EXIT.failed);
      }
    }
  } finally {
    await sandbox.close();
  }
  return status;
}
