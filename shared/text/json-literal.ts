/**
 * JSON that is also safe to paste into generated code, an inline <script> or an NDJSON line.
 * JSON.stringify leaves three characters raw that change meaning there: U+2028 and U+2029 end a
 * `//` comment (and a line for readers that split on JavaScript line terminators), and `<` lets
 * a value write `</script>` or `<!--` into an HTML page. All three become \u escapes, which every
 * JSON and JavaScript parser reads back as the same character.
 */
export function jsonLiteral(value: unknown, space?: number): string {
  const json = JSON.stringify(value, null, space);
  // JSON.stringify(undefined) is undefined: callers pass values, so that is a bug worth seeing.
  if (json === undefined) throw new TypeError('jsonLiteral: value has no JSON form');
  return json.replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
