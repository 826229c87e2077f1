/** See durable-store.mjs. */
export function openDurableStore(path: string): (batch: ReadonlyArray<{ headers: string; body: Uint8Array; verified: number }>) => void;
