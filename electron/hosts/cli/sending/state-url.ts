import { exchange } from '../../../services/net/exchange';
import { CliError } from '../framework/exit-codes';

/** `--expect-state URL` checked before anything is sent: an http(s) URL. */
export function stateUrlOf(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new CliError(`--expect-state ${url}: not an http(s) URL`);
  return url;
}

/** The handler's state: one GET of its state URL, as JSON (`scenario run`, `scenario fuzz`). */
export async function readStateJson(url: string): Promise<unknown> {
  const headers: Array<[string, string]> = [
    ['Host', new URL(url).host],
    ['Accept', 'application/json'],
  ];
  const result = await exchange({ method: 'GET', url, headers, body: new Uint8Array() }, { timeoutMs: 10_000, responseCap: 16 * 1024 * 1024 });
  if (!result.ok) throw new CliError(`the state URL ${url} is unreachable: ${result.error}`);
  try {
    return JSON.parse(new TextDecoder().decode(result.answer.body));
  } catch {
    throw new CliError(`the state URL ${url} answered ${result.answer.status} without JSON`);
  }
}
