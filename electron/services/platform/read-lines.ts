import { open, type FileHandle } from 'node:fs/promises';
import { CallError } from '../../../shared/contract/errors';

/** A part of an export's file read back by its caller: whole lines, about this many bytes. */
const RESULT_PART_BYTES = 16 * 1024 * 1024;

/** Bytes from `offset`: about RESULT_PART_BYTES, ending after a newline (longer for a longer line). */
async function readLines(handle: FileHandle, offset: number, size: number): Promise<Buffer> {
  let length = Math.min(RESULT_PART_BYTES, size - offset);
  for (;;) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    const part = buffer.subarray(0, bytesRead);
    if (offset + bytesRead >= size) return part;
    const end = part.lastIndexOf(0x0a);
    if (end >= 0) return part.subarray(0, end + 1);
    length = Math.min(length * 2, size - offset);
  }
}

/**
 * A part of a finished export's file (Live's NDJSON, a HAR, a bundle) from `offset`, cut after a
 * line, so each part decodes as text on its own (a character is never cut); `nextOffset` null at
 * the end. `what` names the export in the error of an offset past its end.
 */
export async function readExportPart(file: string, offset: number, what: string): Promise<{ text: string; nextOffset: number | null; bytes: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (offset > size) throw new CallError('invalid-args', `offset ${offset} is past the end of ${what} (${size} bytes)`);
    const part = await readLines(handle, offset, size);
    const next = offset + part.byteLength;
    return { text: part.toString('utf8'), nextOffset: next < size ? next : null, bytes: size };
  } finally {
    await handle.close();
  }
}
