import { basename } from 'node:path';
import { FileRefusedError, readBoundedFile, sizeWords } from '../../../services/platform/bounded-file';

/** The largest file Hooklab imports: said before a byte is read. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** The most requests one file may hold (a HAR's entries, a bundle's deliveries). */
export const MAX_IMPORT_ENTRIES = 100_000;

/** Why a file was not imported: one line for the user; nothing of it was stored. */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}

/** A file's bytes as handed to the importer: read from a path, or dropped onto the window. */
export interface ImportSource {
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/**
 * Reads a file to import, refusing at once what cannot be one: anything but a regular file (a
 * symlink to /dev/zero, a FIFO, a folder) and a file over MAX_IMPORT_BYTES, both judged from
 * the open file's stat before a byte is read (services/platform/bounded-file.ts).
 */
export function readImportFile(path: string): ImportSource {
  const fileName = basename(path);
  let bytes: Uint8Array | null;
  try {
    bytes = readBoundedFile(path, MAX_IMPORT_BYTES);
  } catch (error) {
    if (error instanceof FileRefusedError) throw new ImportRefused(`${fileName}: ${error.reason}: nothing imported`);
    throw error;
  }
  if (bytes === null) throw new ImportRefused(`${fileName}: no such file`);
  return { fileName, bytes };
}

/** Refuses bytes over MAX_IMPORT_BYTES (a file handed over by a window), in the words a path's refusal uses. */
export function refuseOverLimit(fileName: string, size: number): void {
  if (size > MAX_IMPORT_BYTES) {
    throw new ImportRefused(`${fileName}: is ${sizeWords(size)}, larger than the ${sizeWords(MAX_IMPORT_BYTES)} allowed: nothing imported`);
  }
}

/** The file's JSON, or one line saying why it is not JSON (not UTF-8, broken or cut short). */
export function parseImportJson(source: ImportSource): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(source.bytes);
  } catch {
    throw new ImportRefused(`${source.fileName}: not a HAR or a Hooklab bundle (not UTF-8 text): nothing imported`);
  }
  if (text.trim() === '') throw new ImportRefused(`${source.fileName}: the file is empty: nothing imported`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const why = (error as Error).message.replace(/^JSON\.parse: /, '');
    throw new ImportRefused(`${source.fileName}: not valid JSON, broken or cut short (${why}): nothing imported`);
  }
}

/** Refuses a file with more requests than MAX_IMPORT_ENTRIES. */
export function refuseTooMany(fileName: string, count: number, what: string): void {
  if (count > MAX_IMPORT_ENTRIES) {
    throw new ImportRefused(
      `${fileName}: ${count.toLocaleString('en-US')} ${what} is over the import limit of ${MAX_IMPORT_ENTRIES.toLocaleString('en-US')}: nothing imported`,
    );
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict Base64 (whitespace allowed between lines): a body that does not decode refuses the file. */
export function decodeBase64(text: string, fileName: string, where: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ImportRefused(`${fileName}: ${where}: the body is marked Base64 but does not decode: nothing imported`);
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
