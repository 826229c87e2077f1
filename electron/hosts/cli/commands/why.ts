import type { Explanation } from '../../../../shared/explain/model';
import { explanationLines } from '../../../../shared/explain/text';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { stateUrlOf } from '../sending/state-url';

export const whyCommand: CommandSpec = {
  name: 'why',
  args: '<orderId | #deliveryId>',
  summary:
    "Why an order is stuck (or why one received delivery, #N, did not get through): the causes in the order to fix them, each with its evidence and its fix, from what Hooklab already holds (history, received deliveries and their signatures, the handler's answers and traces). A word is an order id, even when it is a number; #N is received delivery N. Exit 0 when everything is ok, 1 when there is a cause.",
  positional: { min: 1, max: 1 },
  options: [
    {
      name: 'expect-state',
      value: 'URL',
      help: "the handler's state as JSON (GET, loopback), compared with the states the order's events lead to",
    },
    {
      name: 'state-path',
      value: 'PATH',
      help: 'with --expect-state: where the order is in it (e.g. orders.{orderId})',
    },
  ],
  common: ['data-dir', 'json'],
  examples: [
    'hooklab why 100042',
    "hooklab why '#57' --json",
    'hooklab why 100042 --expect-state http://localhost:3000/state --state-path orders.{orderId}',
  ],
  run,
};

/** `#57` (or `#57` quoted in a shell) names a received delivery; any other word is an order id. */
export function whyTarget(
  word: string,
): { kind: 'delivery'; id: number } | { kind: 'order'; orderId: string } {
  if (!word.startsWith('#')) return { kind: 'order', orderId: word };
  const id = Number(word.slice(1));
  if (!Number.isSafeInteger(id) || id < 1)
    throw new CliError(`"${word}" is not a received delivery: write # and its id, e.g. #57`, {
      usage: true,
    });
  return { kind: 'delivery', id };
}

async function run(inv: Invocation): Promise<number> {
  const target = whyTarget(inv.positional[0]!);
  const stateText = inv.value('expect-state');
  const statePath = inv.value('state-path');
  if (statePath !== undefined && stateText === undefined)
    throw new CliError('--state-path goes with --expect-state');
  if (stateText !== undefined && target.kind === 'delivery')
    throw new CliError('--expect-state goes with an order id, not a delivery');
  const session = openSession(dataDirOf(inv), { writes: false });
  try {
    const explanation: Explanation =
      target.kind === 'delivery'
        ? await session.call('explain.delivery', { id: target.id })
        : await session.call('explain.order', {
            orderId: target.orderId,
            ...(stateText !== undefined ? { stateUrl: stateUrlOf(stateText) } : {}),
            ...(statePath !== undefined ? { statePath } : {}),
          });
    if (inv.out.json) inv.out.event('', explanation);
    else for (const text of explanationLines(explanation)) inv.out.event(text, {});
    return explanation.ok ? EXIT.done : EXIT.failed;
  } catch (error) {
    // A number that names no order may have meant a delivery: said, never guessed.
    if (
      target.kind === 'order' &&
      /^\d+$/.test(target.orderId) &&
      /no delivery names order/.test((error as Error).message)
    )
      throw new CliError(
        `${(error as Error).message} (for received delivery ${target.orderId}, write '#${target.orderId}')`,
      );
    throw error;
  } finally {
    await session.close();
  }
}
