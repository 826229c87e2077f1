/**
 * Binds the event JSON Schema to the Replay editor's model (Monaco matches schemas to models by
 * URI, so other JSON editors are unaffected) and makes schema problems errors.
 */
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { EVENT_SCHEMA_URI, eventJsonSchema } from '../../../../shared/replay/event-json-schema';

/** The URI of the Replay editor's model. */
export const REPLAY_MODEL_URI = 'inmemory://hooklab/replay-event.json';

let registered = false;

export function registerEventSchema(): void {
  if (registered) return;
  registered = true;
  const current = jsonDefaults.diagnosticsOptions;
  jsonDefaults.setDiagnosticsOptions({
    ...current,
    validate: true,
    // A webhook body is strict JSON: comments and trailing commas are errors.
    allowComments: false,
    schemaValidation: 'error',
    schemas: [
      ...(current.schemas ?? []).filter((s) => s.uri !== EVENT_SCHEMA_URI),
      { uri: EVENT_SCHEMA_URI, fileMatch: ['replay-event.json'], schema: eventJsonSchema as never },
    ],
  });
}
