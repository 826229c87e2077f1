import type { Draft, ReplayRequestSpec } from '../../../../shared/contract/replay-drafts';

/** What the signature preview is computed from. */
export interface SignedInputs {
  readonly request: ReplayRequestSpec;
  readonly targetUrl: string | null;
  readonly draft: Draft | null;
}

/** Whether an edit changed what the signature preview depends on (request, target, draft). */
export function signsDifferently(next: SignedInputs, prev: SignedInputs): boolean {
  return next.request !== prev.request || next.targetUrl !== prev.targetUrl || next.draft !== prev.draft;
}
