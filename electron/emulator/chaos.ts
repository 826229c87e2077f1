import { controlError } from './control-errors';
import { isRecord } from '../../shared/validation/is-record';
import { NO_CHAOS, type ChaosSettings } from './types';

const RATES = ['duplicateRate', 'unloggedRate'] as const;
const DURATIONS = ['reorderWindowMs', 'slowResponsesMs'] as const;
/** Upper bound for injected delays: chaos should slow tests down, not hang them. */
const MAX_DELAY_MS = 60_000;

/**
 * Validates a PUT /_sandbox/stores/{id}/chaos body and merges it over the current settings:
 * fields left out keep their value; `{"reset": true}` restores no chaos at all.
 */
export function mergeChaos(current: ChaosSettings, body: unknown): ChaosSettings {
  if (!isRecord(body)) throw controlError(400, 'body must be a JSON object');
  const next: ChaosSettings = body.reset === true ? { ...NO_CHAOS } : { ...current };
  const known = new Set<string>([...RATES, ...DURATIONS, 'failResendLogging', 'reset']);
  for (const k of Object.keys(body)) if (!known.has(k)) throw controlError(400, `unknown chaos setting '${k}'`);
  for (const k of RATES) {
    const v = body[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw controlError(400, `${k} must be a number from 0 to 1`);
    next[k] = v;
  }
  for (const k of DURATIONS) {
    const v = body[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_DELAY_MS)
      throw controlError(400, `${k} must be an integer from 0 to ${MAX_DELAY_MS}`);
    next[k] = v;
  }
  if (body.failResendLogging !== undefined) {
    if (typeof body.failResendLogging !== 'boolean') throw controlError(400, 'failResendLogging must be a boolean');
    next.failResendLogging = body.failResendLogging;
  }
  return next;
}
