import type { DeliverySummary, ForwardResult } from '../../../../shared/contract/live';
import type { Paint } from '../framework/output';
import { is2xx } from '../../../../shared/http/status';
import { terminalSafe } from '../framework/terminal-text';
import { terminalTime } from '../framework/terminal-time';

/**
 * One line per received delivery, as `stripe listen` prints: time, type, order, event id, the
 * signature verdict (with its diagnosis), then each forward target's answer and time.
 */
export function deliveryLine(d: DeliverySummary, forwards: readonly ForwardResult[], paint: Paint): { text: string; data: object } {
  const time = terminalTime(d.receivedAt, { ms: true });
  const verdict = d.signature === 'valid' ? paint.green('valid') : d.signature === 'no-key' ? paint.yellow('no-key') : paint.red(d.signature);
  const diagnosis = d.diagnosis ? ` (${d.diagnosis.kind}: ${terminalSafe(d.diagnosis.message, 160)})` : '';
  const targets = forwards.map((f) => {
    const answer = f.status === null ? paint.red(`unreachable: ${terminalSafe(f.error, 80)}`) : is2xx(f.status) ? paint.green(String(f.status)) : paint.red(String(f.status));
    return `  -> ${f.target} ${answer}${f.latencyMs === null ? '' : ` ${Math.round(f.latencyMs)} ms`}`;
  });
  const flags = [d.duplicateOf !== null ? paint.yellow(`duplicate of #${d.duplicateOf}`) : '', d.truncation ? paint.red(`body ${d.truncation}`) : ''].filter(Boolean);
  const text = `${time}  #${d.id}  ${terminalSafe(d.eventType ?? d.bodyKind ?? null, 30).padEnd(26)} order ${terminalSafe(d.orderId, 40)}  evt ${d.eventId ?? '-'}  signature ${verdict}${diagnosis}${flags.length ? `  ${flags.join(' ')}` : ''}${targets.join('')}`;
  const data = {
    id: d.id,
    receivedAt: d.receivedAt,
    type: d.eventType,
    orderId: d.orderId,
    eventId: d.eventId,
    signature: d.signature,
    diagnosis: d.diagnosis,
    duplicateOf: d.duplicateOf,
    answeredStatus: d.answeredStatus,
    forwards: forwards.map((f) => ({ target: f.target, status: f.status, latencyMs: f.latencyMs, error: f.error })),
  };
  return { text, data };
}
