import { open, rm, type FileHandle } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from './private-files';

/**
 * Writes the file a job makes (an export), readable only by the user: when the work throws
 * (cancelled, failed) the file is removed, so no partial result is ever left to be read.
 */
export async function writeJobFile<T>(file: string, work: (out: FileHandle) => Promise<T>): Promise<T> {
  const out = await open(file, 'w', PRIVATE_FILE_MODE);
  let result: T;
  try {
    result = await work(out);
  } catch (error) {
    await out.close();
    await rm(file, { force: true });
    throw error;
  }
  await out.close();
  return result;
}
