import type { FileHandle } from 'node:fs/promises';

/** A part of an export's file read back by its caller: whole lines, about this many bytes. */
export const RESULT_PART_BYTES = 16 * 1024 * 1024;

/**
 * Bytes from `offset`: about RESULT_PART_BYTES, ending after a newline (longer for a longer
 * line), so each part decodes as text on its own (a character is never cut).
 */
export async function readLines(handle: FileHandle, offset: number, size: number): Promise<Buffer> {
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
