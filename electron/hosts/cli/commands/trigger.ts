import { eventTemplate, isEventType, TEMPLATE_ORDER } from '../../../../shared/replay/templates';
import { openIdSpace } from '../../../emulator/id-space';
import { createEventIdGenerator } from '../../../features/replay/event-ids';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { reportExchange, wholeNumber } from '../sending/report';
import { sendSigned } from '../../../services/net/send-signed';
import { cliTraces } from '../sending/cli-traces';
import { resolveSigningKey } from '../sending/signing-key';
import { ALLOW_NON_LOOPBACK_OPTION, chooseTargets, toOption } from '../sending/targets';
import { applySetOverrides, parseSetOverride } from '../values/set-overrides';

export const triggerCommand: CommandSpec = {
  name: 'trigger',
  args: '<EventType|scenario>',
  summary:
    'Builds an event from its template (or plays a sandbox scenario), signs it like the service (HOOKLAB_WEBHOOK_KEY, else the data folder\'s current key, else a throwaway key), adds fresh event id and created headers and sends it. Exit 1 when a handler answers outside 2xx.',
  positional: { min: 1, max: 1 },
  options: [
    toOption({ repeatable: true }),
    { name: 'set', value: 'PATH=VALUE', repeatable: true, help: 'override a field of the template, typed as there (metadata.orderDetail[0].quantity=2)' },
    { name: 'order-id', value: 'ID', help: "the orderId of the event (default: a new one from the data folder's id space each run)" },
    { name: 'order-type', value: 'TYPE', help: 'the orderType (default FASTLINK_CHARGE)' },
    { name: 'count', value: 'N', help: 'send N events (each its own event id), default 1' },
    ALLOW_NON_LOOPBACK_OPTION,
  ],
  examples: ['hooklab trigger SuccessPayment --set metadata.PaidAmount=99.00 --to http://localhost:3000/webhooks', 'hooklab trigger 3ds-success'],
  run,
};

async function run(inv: Invocation): Promise<number> {
  const name = inv.positional[0]!;
  const dataDir = dataDirOf(inv);
  const config = configOf(inv);
  const overrides = inv.values('set').map(parseSetOverride);
  const count = wholeNumber(inv.value('count'), 'count', 1, 10_000) ?? 1;
  if (!isEventType(name)) {
    if (overrides.length > 0) throw new CliError('--set changes an event template; a scenario sends the sandbox\'s own events');
    const { triggerScenario } = await import('../sending/trigger-scenario');
    return triggerScenario(inv, name, { dataDir, config, count });
  }
  const targets = chooseTargets(inv, name, config, dataDir);
  const order = { ...TEMPLATE_ORDER, orderId: inv.value('order-id') ?? newOrderId(dataDir), orderType: inv.value('order-type') ?? TEMPLATE_ORDER.orderType };
  const event = applySetOverrides(eventTemplate(name, order), overrides);
  const body = new TextEncoder().encode(JSON.stringify(event));
  const key = resolveSigningKey(inv.io.env, dataDir);
  inv.out.progress(`signing with ${key.source}`);
  const newEventId = createEventIdGenerator(() => Date.now());
  const startTrace = cliTraces(dataDir);
  let status: number = EXIT.done;
  for (let i = 0; i < count; i++) {
    const delivery = { body, eventId: newEventId(), created: new Date().toISOString() };
    for (const target of targets) {
      const result = await sendSigned(target, delivery, key.value, { startTrace });
      status = Math.max(status, reportExchange(inv.out, { type: name, orderId: String(event.orderId), eventId: delivery.eventId, target }, result));
    }
  }
  return status;
}

/**
 * A new order id from the data folder's id space (the one its sandboxes use): each run is a new
 * order, never one the sandbox or an earlier trigger already made.
 */
function newOrderId(dataDir: string): string {
  const ids = openIdSpace(dataDir);
  try {
    return String(ids.take('order', 0));
  } finally {
    ids.close();
  }
}
