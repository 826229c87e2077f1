import { SIGNATURE_HEADER } from '../service/webhooks';
import { scenarioEventBytes, type ScenarioFile } from '../scenario/scenario-file';
import { Pseudonyms } from './pseudonyms';
import { redactJsonText } from './redact-json';

/** A body redaction cannot read field by field: sharing it would share what it holds. */
export class RedactionError extends Error {}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Headers that describe the recorded bytes: wrong (and a clue to them) once the body changed. */
const BYTES_HEADERS = new Set([SIGNATURE_HEADER.toLowerCase(), 'content-length']);

/**
 * The scenario file with personal data replaced by consistent pseudonyms in every body (one
 * mapping for the whole file), marked `redacted`, without the recorded signatures: `scenario
 * run` and a regression test sign each body anew when they send it.
 */
export function redactScenario(file: ScenarioFile): ScenarioFile {
  const pseudonyms = new Pseudonyms();
  const events = file.events.map((event, i) => {
    let text: string;
    try {
      text = event.body ?? strictUtf8.decode(scenarioEventBytes(event));
    } catch {
      throw new RedactionError(`event ${i + 1} (${event.eventType ?? 'no type'}): the body is not text, so its personal data cannot be found; leave it out or share the file unredacted`);
    }
    const redacted = redactJsonText(text, pseudonyms);
    if (redacted === null) throw new RedactionError(`event ${i + 1} (${event.eventType ?? 'no type'}): the body is not JSON, so its personal data cannot be found; leave it out or share the file unredacted`);
    const { bodyBase64: _bytes, ...rest } = event;
    void _bytes;
    return { ...rest, headers: event.headers.filter(([name]) => !BYTES_HEADERS.has(name.toLowerCase())), body: redacted.text };
  });
  const { format, version, recordedAt, source } = file;
  return { format, version, recordedAt, redacted: true, source, events };
}
