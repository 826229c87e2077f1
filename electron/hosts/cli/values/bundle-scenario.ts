import type { ScenarioFile } from '../../../../shared/scenario/scenario-file';
import { readBundle } from '../../../features/live/import/bundle';
import { ImportRefused, parseImportJson } from '../../../features/live/import/import-file';
import { inspectBody, readEventHeaders } from '../../../features/live/listener/inspect';
import { CliError } from '../framework/exit-codes';

/** A .hooklab bundle read as the scenario it replays, with the throwaway key it travels with. */
export interface BundleScenario {
  readonly file: ScenarioFile;
  readonly signingKey: string | null;
}

/**
 * The bundle's deliveries as scenario events, in the order received, with the gaps between
 * them and each body's exact bytes; refused in one line as `hooklab import` refuses it.
 */
export function bundleAsScenario(json: unknown, path: string): BundleScenario {
  let bundle;
  try {
    bundle = readBundle(json, path, Date.now());
  } catch (error) {
    if (error instanceof ImportRefused) throw new CliError(error.message);
    throw error;
  }
  if (bundle.requests.length === 0) throw new CliError(`${path}: the bundle holds no deliveries`);
  const events = bundle.requests.map((r, index) => {
    const firstValues = Object.create(null) as Record<string, string>;
    for (const [name, value] of r.headers) firstValues[name.toLowerCase()] ??= value;
    const event = readEventHeaders(firstValues);
    const previous = bundle.requests[index - 1];
    return {
      gapMs: previous ? Math.max(0, Math.min(r.receivedAtMs - previous.receivedAtMs, 7 * 86_400_000)) : 0,
      receivedAt: new Date(r.receivedAtMs).toISOString(),
      eventType: inspectBody(r.body).fields.eventType,
      eventId: event.eventId === null ? null : String(event.eventId),
      eventCreated: event.eventCreated,
      headers: r.headers.map(([n, v]) => [n, v] as [string, string]),
      bodyBase64: Buffer.from(r.body).toString('base64'),
    };
  });
  return { file: { format: 'hooklab-scenario', version: 1, recordedAt: new Date().toISOString(), source: {}, events }, signingKey: bundle.signingKey };
}

/** Whether a file's text is a bundle (its JSON names the format), parsed once; null when it is not JSON or not one. */
export function parsedBundle(text: string, path: string): unknown {
  if (!text.includes('"hooklab-bundle"')) return null;
  try {
    const json = parseImportJson({ fileName: path, bytes: new TextEncoder().encode(text) });
    return typeof json === 'object' && json !== null && (json as { format?: unknown }).format === 'hooklab-bundle' ? json : null;
  } catch {
    return null;
  }
}
