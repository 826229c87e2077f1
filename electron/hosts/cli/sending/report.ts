import type { ExchangeResult } from '../../../services/net/exchange';
import type { Output } from '../framework/output';
import { CliError, EXIT } from '../framework/exit-codes';
import { is2xx } from '../../../../shared/http/status';
import { terminalSafe } from '../framework/terminal-text';
import { terminalTime } from '../framework/terminal-time';

/** What was sent, for the line that reports it (type, order and event id come from a file or a sender). */
export interface Sent {
  readonly type: string | null;
  readonly orderId: string | null;
  readonly eventId: string | null;
  readonly target: string;
}

/**
 * One line per request sent: time, type, order, event id, target and its answer. Returns the
 * exit status it stands for: 2 unreachable, 1 answered outside 2xx, 0 accepted.
 */
export function reportExchange(out: Output, sent: Sent, result: ExchangeResult): number {
  const sentAt = new Date();
  const time = terminalTime(sentAt, { ms: true });
  const status = result.ok ? result.answer.status : null;
  const error = result.ok ? null : result.error;
  const answer = status === null ? out.paint.red(`unreachable: ${terminalSafe(error, 120)}`) : is2xx(status) ? out.paint.green(String(status)) : out.paint.red(String(status));
  out.event(
    `${time}  ${(sent.type === null ? '(no type)' : terminalSafe(sent.type, 40)).padEnd(26)} order ${terminalSafe(sent.orderId, 40)}  evt ${terminalSafe(sent.eventId, 40)}  -> ${terminalSafe(sent.target, 200)}  ${answer}  ${Math.round(result.latencyMs)} ms`,
    { time: sentAt.toISOString(), ...sent, status, latencyMs: result.latencyMs, error },
  );
  if (status === null) {
    out.progress(`hooklab: ${terminalSafe(sent.target, 200)} is unreachable: ${terminalSafe(error, 200)}`);
    return EXIT.couldNotRun;
  }
  return is2xx(status) ? EXIT.done : EXIT.failed;
}

/** A whole-number option within bounds, or undefined when not given. */
export function wholeNumber(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be a whole number ${min}-${max}`);
  return n;
}
