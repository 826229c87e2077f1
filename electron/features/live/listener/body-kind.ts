import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { bodyAsText } from '../../../../shared/text/utf8';
import type { BodyKind } from '../../../services/data/delivery-store';

/** Classifies a body whose event type could not be read. */
export function bodyKind(body: Uint8Array): BodyKind {
  if (body.length === 0) return 'empty';
  const text = bodyAsText(body);
  if (text === null) return 'not-utf8';
  if (tooDeepToParse(text)) return 'json-without-type';
  try {
    JSON.parse(text);
    return 'json-without-type';
  } catch {
    return 'not-json';
  }
}
