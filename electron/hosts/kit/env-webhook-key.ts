import { readKeyInput } from '../../../shared/signing/key-input';

/** HOOKLAB_WEBHOOK_KEY as every command reads it: trimmed, with what was trimmed said. */
export interface EnvWebhookKey {
  readonly value: string;
  /** "The key had a line break after it; it was removed (…)", or null. */
  readonly notice: string | null;
}

/**
 * The key in HOOKLAB_WEBHOOK_KEY, trimmed as the UI trims a pasted key (`export K=$(cat key)`
 * or a secret store's file often ends with a newline, which made every real delivery
 * "wrong-key"); null when unset or empty. Only whitespace is refused: it would verify nothing.
 */
export function envWebhookKey(env: NodeJS.ProcessEnv): EnvWebhookKey | null {
  const raw = env['HOOKLAB_WEBHOOK_KEY'];
  if (raw === undefined || raw === '') return null;
  const key = readKeyInput(raw);
  if (!key.ok) throw new Error(`HOOKLAB_WEBHOOK_KEY is only whitespace: set it to the store's webhook key from the portal`);
  return { value: key.value, notice: key.notice };
}
