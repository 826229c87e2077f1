import type { CallErrorBody, CallName } from '../../../shared/contract';
import { TransportError } from './transport';

type Envelope = { ok: true; value: unknown } | { ok: false; error: CallErrorBody };

/**
 * One call to the browser host: `POST /api/calls/<name>` with the JSON args, the token as
 * `Authorization: Bearer`. A refused token is the transport's to handle (`onUnauthorized` marks
 * the tab denied and returns what to tell the user); other errors keep the contract's code.
 */
export async function callHost(base: string, token: string | undefined, name: CallName, args: unknown, onUnauthorized: () => string): Promise<unknown> {
  // Errors in the envelope, not as 4xx statuses the browser would log in the console
  // (the host's ERRORS_HEADER); 401 still comes as 401.
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Hooklab-Errors': 'in-envelope' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(`/api/calls/${encodeURIComponent(name)}`, base), {
      method: 'POST',
      headers,
      credentials: 'omit',
      body: JSON.stringify(args ?? {}),
    });
  } catch (error) {
    throw new TransportError('network', `Hooklab is not reachable: ${(error as Error).message}`);
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new TransportError('internal', `${name}: the host answered ${response.status} without a result`);
  }
  if (!envelope.ok && response.status === 401) throw new TransportError(envelope.error.code, onUnauthorized());
  if (!envelope.ok) throw new TransportError(envelope.error.code, envelope.error.message);
  return envelope.value;
}
