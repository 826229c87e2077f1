import type { DraftOrigin } from '../../../../shared/contract/replay-drafts';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';

/** What the editor knows when a draft opens, to preselect its target. */
export interface TargetMemory {
  /** The target last chosen or sent to for this very draft (see draftMemoryKey). */
  readonly forDraft: string | null;
  /** The target the draft was saved with. */
  readonly saved: string | null;
  /** The target last chosen or sent to for any draft. */
  readonly lastUsed: string | null;
}

/**
 * The target a draft opens with: the one last used for this draft, else the one it was saved
 * with, else the one used last for any draft, else the only target there is; none when none of
 * these applies. A remembered target is taken only while it is still listed and replays may
 * reach it (a removed or refused one is not chosen silently); a saved one is shown as saved.
 */
export function preselectTarget(memory: TargetMemory, targets: readonly ReplayTarget[]): string | null {
  const usable = (url: string | null) => (url !== null && targets.some((t) => t.url === url && t.refusal === null) ? url : null);
  const reachable = targets.filter((t) => t.refusal === null);
  return usable(memory.forDraft) ?? memory.saved ?? usable(memory.lastUsed) ?? (reachable.length === 1 ? reachable[0]!.url : null);
}

/**
 * Which draft a remembered target belongs to: a saved draft by its id, an unsaved one by where
 * it came from (the same delivery or template opened again is the same draft); null for blank.
 */
export function draftMemoryKey(draft: { id: number | null; origin: DraftOrigin }): string | null {
  if (draft.id !== null) return `draft:${draft.id}`;
  return draft.origin.ref === null ? null : `${draft.origin.kind}:${draft.origin.ref}`;
}

/** A target as the list shows it: its label and its URL (the URL alone when unlabelled), and where it comes from. */
export function targetOptionLabel(target: ReplayTarget): string {
  const name = target.label && target.label !== target.url ? `${target.label} — ${target.url}` : target.url;
  return `${name}${target.source === 'listener' ? ' (listener forward)' : ''}${target.refusal ? ' — refused' : ''}`;
}
