import type { ServeProcess } from './serve-process';

/** Calls the contract as a script would (the per-run token as a bearer), outside the page. */
export async function callApi<T = unknown>(server: ServeProcess, name: string, args: object = {}): Promise<T> {
  const token = new URL(server.openUrl).searchParams.get('token')!;
  const res = await fetch(`${server.url}/api/calls/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error!.message}`);
  return envelope.value as T;
}
