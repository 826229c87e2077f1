/**
 * What Replay remembers on this machine between sessions (the page's localStorage, like the
 * theme): the target used last, the target used last per draft, and the handler-check URL.
 * Only URLs the user typed or chose; never keys or bodies. Storage errors (full, disabled)
 * only make it forget.
 */
const KEY = 'hooklab.replay.memory';
/** Per-draft targets kept; the oldest are forgotten first. */
const MAX_DRAFTS = 200;

interface Memory {
  lastTarget: string | null;
  checkUrl: string | null;
  /** Draft key (see draftMemoryKey) -> target URL, oldest first. */
  draftTargets: Array<[string, string]>;
}

function isEntry(entry: unknown): entry is [string, string] {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'string';
}

function read(): Memory {
  try {
    const raw = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as Partial<Memory>;
    return {
      lastTarget: typeof raw.lastTarget === 'string' ? raw.lastTarget : null,
      checkUrl: typeof raw.checkUrl === 'string' ? raw.checkUrl : null,
      draftTargets: Array.isArray(raw.draftTargets) ? (raw.draftTargets as unknown[]).filter(isEntry) : [],
    };
  } catch {
    return { lastTarget: null, checkUrl: null, draftTargets: [] };
  }
}

function write(memory: Memory): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Nothing to do: remembering is a convenience.
  }
}

/** Records a target chosen or sent to, for this draft (when it has a key) and as the last one. */
export function rememberTarget(draftKey: string | null, url: string): void {
  const memory = read();
  memory.lastTarget = url;
  if (draftKey !== null) memory.draftTargets = [...memory.draftTargets.filter(([k]) => k !== draftKey), [draftKey, url] as [string, string]].slice(-MAX_DRAFTS);
  write(memory);
}

export function rememberedTargets(draftKey: string | null): { forDraft: string | null; lastUsed: string | null } {
  const memory = read();
  return { forDraft: draftKey === null ? null : (memory.draftTargets.find(([k]) => k === draftKey)?.[1] ?? null), lastUsed: memory.lastTarget };
}

export function rememberCheckUrl(url: string): void {
  write({ ...read(), checkUrl: url });
}

/** The URL the handler check ran against last, else the target replays went to last. */
export function lastCheckUrl(): string | null {
  const memory = read();
  return memory.checkUrl ?? memory.lastTarget;
}
