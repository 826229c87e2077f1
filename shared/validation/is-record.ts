/** A JSON object (not null, not an array): the shape check every parser of untyped JSON starts with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
