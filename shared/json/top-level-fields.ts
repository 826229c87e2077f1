/** A top-level member's value when it is a scalar; objects, arrays and over-long strings give undefined. */
export type TopLevelScalar = string | number | boolean | null;

/** Longest string value (in bytes, as sent) that is decoded; longer ones are skipped like objects. */
export const MAX_SCALAR_BYTES = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const ascii = new TextDecoder('latin1');

class Malformed extends Error {}

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Reads the named scalar members of a JSON object from its raw bytes in one pass, without
 * building the document: for bodies too large (or too deep) to hand to JSON.parse, whose type
 * and order still belong in the table. Memory stays bounded (only the named values are
 * decoded, each at most MAX_SCALAR_BYTES) and nothing recurses, so a hostile body can neither
 * exhaust the heap nor the stack. The top level is checked as JSON; nested values are skipped
 * by matching brackets and strings only. Returns null when the bytes are not a JSON object
 * (or not UTF-8 where a named member is read). A repeated name keeps its last value, as
 * JSON.parse does.
 */
export function readTopLevelScalars(
  bytes: Uint8Array,
  names: readonly string[],
): Record<string, TopLevelScalar | undefined> | null {
  const wanted = new Set(names);
  const found: Record<string, TopLevelScalar | undefined> = Object.create(null) as Record<string, TopLevelScalar | undefined>;
  let i = 0;
  const skipSpace = () => {
    while (isSpace(bytes[i])) i++;
  };
  const expect = (b: number) => {
    if (bytes[i] !== b) throw new Malformed();
    i++;
  };
  /** Moves past a string starting at i (on its quote); returns its [start, end) including quotes. */
  const skipString = (): [number, number] => {
    const start = i;
    i++;
    for (;;) {
      const b = bytes[i];
      if (b === undefined || b < 0x20) throw new Malformed();
      if (b === BACKSLASH) i += 2;
      else if (b === QUOTE) return [start, ++i];
      else i++;
    }
  };
  const decodeString = ([start, end]: [number, number]): string => {
    try {
      return JSON.parse(utf8.decode(bytes.subarray(start, end))) as string;
    } catch {
      throw new Malformed();
    }
  };
  /** Skips a nested object or array: brackets must pair up, strings are skipped whole. */
  const skipNested = () => {
    const closers: number[] = [];
    do {
      const b = bytes[i];
      if (b === undefined) throw new Malformed();
      if (b === QUOTE) {
        skipString();
        continue;
      }
      if (b === OPEN_OBJECT) closers.push(CLOSE_OBJECT);
      else if (b === OPEN_ARRAY) closers.push(CLOSE_ARRAY);
      else if ((b === CLOSE_OBJECT || b === CLOSE_ARRAY) && closers.pop() !== b) throw new Malformed();
      i++;
    } while (closers.length > 0);
  };
  /** A number or literal: the run of bytes up to the next delimiter. */
  const readBare = (): TopLevelScalar => {
    const start = i;
    while (i < bytes.length && !isSpace(bytes[i]) && bytes[i] !== COMMA && bytes[i] !== CLOSE_OBJECT) i++;
    if (i - start > 64) throw new Malformed();
    const text = ascii.decode(bytes.subarray(start, i));
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    if (NUMBER.test(text)) return Number(text);
    throw new Malformed();
  };

  try {
    skipSpace();
    expect(OPEN_OBJECT);
    skipSpace();
    if (bytes[i] === CLOSE_OBJECT) i++;
    else {
      for (;;) {
        skipSpace();
        if (bytes[i] !== QUOTE) throw new Malformed();
        const keySpan = skipString();
        // Only a key that could be a wanted name is decoded.
        const key = keySpan[1] - keySpan[0] <= 258 ? decodeString(keySpan) : null;
        skipSpace();
        expect(COLON);
        skipSpace();
        const take = key !== null && wanted.has(key);
        const b = bytes[i];
        if (b === QUOTE) {
          const span = skipString();
          if (take) found[key] = span[1] - span[0] - 2 <= MAX_SCALAR_BYTES ? decodeString(span) : undefined;
        } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
          skipNested();
          if (take) found[key] = undefined;
        } else {
          const value = readBare();
          if (take) found[key] = value;
        }
        skipSpace();
        if (bytes[i] === COMMA) {
          i++;
          continue;
        }
        expect(CLOSE_OBJECT);
        break;
      }
    }
    skipSpace();
    if (i !== bytes.length) throw new Malformed();
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
  return found;
}
