import { generateWebhookKey } from './state';
import type { StoreRecord } from './types';

/** The form of generateWebhookKey's keys. */
const GENERATED_KEY = /^whk_[A-Za-z0-9_-]{32}$/;

/**
 * Which webhook keys a sandbox may sign with. The app's embedded sandbox signs only with keys
 * it generated itself: a key given to it (as `--webhook-key` once made it adopt) may be a real
 * store's, and whoever drives the sandbox could then mint events a production handler accepts.
 */
export interface KeyPolicy {
  /** True: a given key is refused, and a store holding one gets a new key at start. */
  readonly ownKeysOnly: boolean;
  /**
   * Key values known not to be the sandbox's own (the listener's other keys): a store whose
   * record says nothing about its key's origin (kept by an earlier version) holding one of
   * these gets a new key, even where it looks generated.
   */
  readonly foreign: readonly string[];
}

/** Any key: the standalone sandbox and `hooklab/testing`, where the one who started it chooses. */
export const ANY_KEY: KeyPolicy = { ownKeysOnly: false, foreign: [] };

/**
 * Whether the store's key is one the sandbox generated. Records written since stores record it
 * say so (`webhookKeyOwn`); an earlier version's record is judged by the key's form, and a key
 * the caller knows to be foreign never counts.
 */
export function holdsOwnKey(store: StoreRecord, foreign: readonly string[]): boolean {
  if (store.webhookKeyOwn !== undefined) return store.webhookKeyOwn;
  return GENERATED_KEY.test(store.webhookKey) && !foreign.includes(store.webhookKey);
}

/**
 * Under `ownKeysOnly`, gives every store that holds a key the sandbox did not generate a new
 * one of its own (saved through `save`). Returns the ids of the stores whose key changed.
 */
export function replaceForeignKeys(stores: Iterable<StoreRecord>, policy: KeyPolicy, save: (s: StoreRecord) => void): string[] {
  const replaced: string[] = [];
  for (const store of stores) {
    const own = holdsOwnKey(store, policy.foreign);
    if (policy.ownKeysOnly && !own) {
      store.webhookKey = generateWebhookKey();
      replaced.push(store.storeId);
    }
    if (store.webhookKeyOwn === undefined || replaced.includes(store.storeId)) {
      store.webhookKeyOwn = policy.ownKeysOnly || own;
      save(store);
    }
  }
  return replaced;
}
