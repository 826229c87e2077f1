import type { ServeProcess } from './serve-process';
import { splitTokenFragment } from '../../../shared/security/host-token';

/**
 * Calls the browser host's API the way a script would (`POST /api/calls/<name>` with the run's
 * token): for a test's setup and its independent checks. Throws the call's error message.
 */
export async function callApi<T = unknown>(server: ServeProcess, name: string, args: object = {}): Promise<T> {
  const token = splitTokenFragment(new URL(server.openUrl).hash).token!;
  const res = await fetch(`${server.url}/api/calls/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error!.message}`);
  return envelope.value as T;
}

/**
 * The sandbox's webhook key, made the listener's current key: replays (the chaos replay
 * included) sign with the current key, and an earlier test of the worker's shared host may have
 * made another one current.
 */
export async function signReplaysWithSandboxKey(server: ServeProcess): Promise<string> {
  const { webhookKey } = await callApi<{ webhookKey: string }>(server, 'sandbox.revealCredentials');
  await callApi(server, 'live.addKey', { label: 'sandbox key for replays', value: webhookKey });
  return webhookKey;
}
