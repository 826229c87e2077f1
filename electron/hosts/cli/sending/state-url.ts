import { readStateJson as readState } from '../../../services/net/state-json';
import { CliError } from '../framework/exit-codes';

/** `--expect-state URL` checked before anything is sent: an http(s) URL. */
export function stateUrlOf(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new CliError(`--expect-state ${url}: not an http(s) URL`);
  return url;
}

/** The handler's state: one GET of its state URL, as JSON (`scenario run`, `scenario fuzz`). */
export async function readStateJson(url: string): Promise<unknown> {
  const read = await readState(url);
  if ('error' in read) throw new CliError(read.error);
  return read.state;
}
