import { expect } from 'vitest';
import { replayRecordedOrder } from '../../electron/hosts/testing';

/**
 * Runs a written test file's code as its runner would, on this checkout's hooklab/testing: the
 * imports stand for the runner's `test` and `expect` and the package's replayRecordedOrder.
 */
export async function runWritten(text: string): Promise<void> {
  let body: (() => Promise<void>) | undefined;
  const test = (_name: string, fn: () => Promise<void>) => (body = fn);
  new Function('test', 'expect', 'replayRecordedOrder', text.replace(/^import .*$/gm, ''))(test, expect, replayRecordedOrder);
  await body!();
}

/** The failures a run reported (what the runner's diff of `expect(result.failures).toEqual([])` shows). */
export async function failuresOf(text: string): Promise<unknown> {
  const error = await runWritten(text).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return (error as { actual: unknown }).actual;
}

