import type { ReplaySettings } from '../../../../shared/contract/replay-targets';
import { groupedDigits } from '../../../../shared/text/bytes';

/** The Replay settings as the form shows them: seconds and MiB, as typed. */
export interface ReplaySettingsForm {
  readonly timeoutSeconds: string;
  readonly bodyCapMiB: string;
}

const MIB = 1024 * 1024;
const TIMEOUT_MS = { min: 100, max: 600_000 };
const CAP_BYTES = { min: 1024, max: 512 * MIB };

export function replaySettingsForm(settings: ReplaySettings): ReplaySettingsForm {
  return { timeoutSeconds: String(settings.timeoutMs / 1000), bodyCapMiB: String(Math.round((settings.bodyCapBytes / MIB) * 1000) / 1000) };
}

/** The form's values as settings, or a sentence per field saying what is wrong (nothing is saved then). */
export function parseReplaySettingsForm(form: ReplaySettingsForm): { settings: ReplaySettings } | { errors: Partial<Record<keyof ReplaySettingsForm, string>> } {
  const errors: Partial<Record<keyof ReplaySettingsForm, string>> = {};
  const seconds = Number(form.timeoutSeconds.trim());
  const timeoutMs = Math.round(seconds * 1000);
  if (form.timeoutSeconds.trim() === '' || !Number.isFinite(seconds) || timeoutMs < TIMEOUT_MS.min || timeoutMs > TIMEOUT_MS.max) {
    errors.timeoutSeconds = `The timeout is a number of seconds from ${TIMEOUT_MS.min / 1000} to ${TIMEOUT_MS.max / 1000}.`;
  }
  const mib = Number(form.bodyCapMiB.trim());
  const bodyCapBytes = Math.round(mib * MIB);
  if (form.bodyCapMiB.trim() === '' || !Number.isFinite(mib) || bodyCapBytes < CAP_BYTES.min || bodyCapBytes > CAP_BYTES.max) {
    errors.bodyCapMiB = `The body cap is a number of MiB from 0.001 (${groupedDigits(CAP_BYTES.min)} bytes) to ${CAP_BYTES.max / MIB}.`;
  }
  return Object.keys(errors).length > 0 ? { errors } : { settings: { timeoutMs, bodyCapBytes } };
}
