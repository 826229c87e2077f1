import type { Draft, DraftOrigin } from '../../../../shared/contract/replay-drafts';

/** Where a draft came from, in words ("received delivery #2", "template SuccessPayment"). */
export function describeOrigin(origin: DraftOrigin): string {
  switch (origin.kind) {
    case 'received':
      return `received delivery #${origin.ref}`;
    case 'history':
      return `history delivery ${origin.ref}`;
    case 'template':
      return `template ${origin.ref}`;
    case 'fixture':
      return `fixture ${origin.ref ?? ''}`;
    case 'blank':
      return 'a blank draft';
  }
}

/**
 * The title of the side card that opens drafts: what is being edited once something is open
 * ("Editing received delivery #2"), "New draft" only before. It said "New draft" over a
 * template's form while the user edited a received delivery.
 */
export function openPanelTitle(draft: Pick<Draft, 'origin'> | null): string {
  return draft ? `Editing ${describeOrigin(draft.origin)}` : 'New draft';
}
