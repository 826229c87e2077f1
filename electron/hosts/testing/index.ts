/**
 * `hooklab/testing`: the payment service's sandbox inside an integrator's own test suite
 * (Vitest, Jest, node:test). No Electron, no UI: the emulator and its HTTP API only.
 */
export { startSandbox } from './test-sandbox';
export type * from './api';
