import { afterEach, beforeEach, expect } from 'vitest';
import { replayRecordedOrder } from '../../electron/hosts/testing';
import { startStatefulHandler, type StatefulHandler, type StatefulKind } from '../fixtures/stateful-handler';

const VARIABLES = ['HOOKLAB_HANDLER_URL', 'HOOKLAB_WEBHOOK_KEY', 'HOOKLAB_STATE_URL'] as const;

/**
 * Real handlers for written tests run in this process, closed after each test. Starting one
 * sets the variables a written test reads (HOOKLAB_STATE_URL too with `withState`); they are
 * unset before and after each test.
 */
export function writtenTestHandlers(key: string, options: { withState: boolean }): (kind: StatefulKind) => Promise<StatefulHandler> {
  const handlers: StatefulHandler[] = [];
  const unset = () => {
    for (const name of VARIABLES) delete process.env[name];
  };
  beforeEach(unset);
  afterEach(async () => {
    unset();
    for (const h of handlers.splice(0)) await h.close();
  });
  return async (kind) => {
    const h = await startStatefulHandler(kind, key);
    handlers.push(h);
    Object.assign(process.env, { HOOKLAB_HANDLER_URL: h.url, HOOKLAB_WEBHOOK_KEY: key }, options.withState ? { HOOKLAB_STATE_URL: h.stateUrl } : {});
    return h;
  };
}

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

