/**
 * JSON with the place of every key in the text, for editor markers (JSON.parse gives values
 * only). Strict JSON (RFC 8259); anything else, or nesting beyond MAX_PARSED_JSON_DEPTH,
 * gives null. Offsets are UTF-16 code units, as editors count.
 */
import { MAX_PARSED_JSON_DEPTH } from '../signing/json-depth';

export interface LocatedProperty {
  readonly key: string;
  /** Offset and length of the key, quotes included. */
  readonly keyOffset: number;
  readonly keyLength: number;
  readonly value: LocatedValue;
}

export type LocatedValue =
  | { readonly kind: 'object'; readonly offset: number; readonly properties: readonly LocatedProperty[] }
  | { readonly kind: 'array'; readonly offset: number; readonly items: readonly LocatedValue[] }
  /** `length`: the scalar's token in the text (a string's quotes and escapes included). */
  | { readonly kind: 'scalar'; readonly offset: number; readonly length: number; readonly value: string | number | boolean | null };

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      this.pos++;
    }
  }

  /** The end of the string token starting at `pos` (after its closing quote). */
  stringEnd(): number {
    const t = this.text;
    let i = this.pos + 1;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c === 0x5c) i += 2;
      else if (c === 0x22) return i + 1;
      else if (c < 0x20) throw new SyntaxError('control character in string');
      else i++;
    }
    throw new SyntaxError('unterminated string');
  }

  value(depth: number): LocatedValue {
    if (depth > MAX_PARSED_JSON_DEPTH) throw new SyntaxError('too deep');
    this.skipSpace();
    const offset = this.pos;
    const c = this.text[this.pos];
    if (c === '{') return this.object(offset, depth);
    if (c === '[') return this.array(offset, depth);
    if (c === '"') {
      const end = this.stringEnd();
      const value = JSON.parse(this.text.slice(offset, end)) as string;
      this.pos = end;
      return { kind: 'scalar', offset, length: end - offset, value };
    }
    const match = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(offset, offset + 400));
    if (!match) throw new SyntaxError(`unexpected ${c ?? 'end'} at ${offset}`);
    this.pos += match[0].length;
    return { kind: 'scalar', offset, length: match[0].length, value: JSON.parse(match[0]) as number | boolean | null };
  }

  expect(char: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== char) throw new SyntaxError(`expected ${char} at ${this.pos}`);
    this.pos++;
  }

  object(offset: number, depth: number): LocatedValue {
    this.pos++;
    const properties: LocatedProperty[] = [];
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', offset, properties };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') throw new SyntaxError(`expected a key at ${this.pos}`);
      const keyOffset = this.pos;
      const end = this.stringEnd();
      const key = JSON.parse(this.text.slice(keyOffset, end)) as string;
      this.pos = end;
      this.expect(':');
      properties.push({ key, keyOffset, keyLength: end - keyOffset, value: this.value(depth + 1) });
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
      else {
        this.expect('}');
        return { kind: 'object', offset, properties };
      }
    }
  }

  array(offset: number, depth: number): LocatedValue {
    this.pos++;
    const items: LocatedValue[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', offset, items };
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
      else {
        this.expect(']');
        return { kind: 'array', offset, items };
      }
    }
  }
}

/** The JSON value of `text` with the offsets of its keys, or null when it is not JSON. */
export function locateJson(text: string): LocatedValue | null {
  const reader = new Reader(text);
  try {
    const value = reader.value(0);
    reader.skipSpace();
    return reader.pos === text.length ? value : null;
  } catch {
    return null;
  }
}
