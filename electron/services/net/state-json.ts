import { exchange } from './exchange';

/**
 * The handler's state: one GET of its state URL, as JSON (`scenario run`, `scenario fuzz`,
 * `scenario.run`); the error in words when it cannot be read.
 */
export async function readStateJson(url: string): Promise<{ readonly state: unknown } | { readonly error: string }> {
  const headers: Array<[string, string]> = [
    ['Host', new URL(url).host],
    ['Accept', 'application/json'],
  ];
  const result = await exchange({ method: 'GET', url, headers, body: new Uint8Array() }, { timeoutMs: 10_000, responseCap: 16 * 1024 * 1024 });
  if (!result.ok) return { error: `the state URL ${url} is unreachable: ${result.error}` };
  try {
    return { state: JSON.parse(new TextDecoder().decode(result.answer.body)) };
  } catch {
    return { error: `the state URL ${url} answered ${result.answer.status} without JSON` };
  }
}
