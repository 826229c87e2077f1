/**
 * `hooklab/testing`: the payment service's sandbox inside an integrator's own test suite
 * (Vitest, Jest, node:test), and what the regression tests Hooklab writes run on. No Electron,
 * no UI: the emulator and its HTTP API, and a signed sender.
 */
export { startSandbox } from './test-sandbox';
export { readState, replayRecordedOrder, sendSignedEvents } from './regression';
export type * from './api';
