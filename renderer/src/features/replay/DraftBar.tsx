import type { DraftOrigin } from '../../../../shared/contract/replay-drafts';
import { useEditor, useEditorStore } from './editor-store';
import { useDrafts } from './drafts-store';
import { hrefFor } from '../../app-state/routes';
import { describeOrigin } from './draft-origin';

/** Where the draft came from, in the app: the Live delivery, or the History event. */
function originHref(origin: DraftOrigin): string | null {
  if (origin.kind === 'received' && origin.ref) return hrefFor('live', origin.ref);
  if (origin.kind === 'history' && origin.eventId) return hrefFor('history', `events/${origin.eventId}`);
  return null;
}

/** The draft's name, where it came from, save / save as new, and what the core warned about. */
export function DraftBar() {
  const { editDraft } = useEditor();
  const { saveEditorDraft } = useDrafts();
  const draft = useEditorStore((s) => s.draft);
  const name = useEditorStore((s) => s.name);
  const dirty = useEditorStore((s) => s.dirty);
  const saving = useEditorStore((s) => s.saving);
  const saveError = useEditorStore((s) => s.saveError);
  if (!draft) return null;
  const href = originHref(draft.origin);
  return (
    <div className="replay-draft-bar" data-testid="replay-draft-bar" data-draft-id={draft.id ?? ''} data-dirty={dirty}>
      <div className="row">
        <input className="replay-draft-bar__name" value={name} placeholder="Draft name" onChange={(e) => editDraft({ name: e.target.value })} data-testid="replay-draft-name" />
        <button type="button" className="button button--primary" disabled={saving} onClick={() => void saveEditorDraft()} data-testid="replay-save">
          {draft.id === null ? 'Save draft' : 'Save'}
        </button>
        {draft.id !== null && (
          <button type="button" className="button" disabled={saving} onClick={() => void saveEditorDraft(true)} data-testid="replay-save-as-new">
            Save as new
          </button>
        )}
        <span className="muted" data-testid="replay-draft-state">
          from{' '}
          {href ? (
            <a href={href} data-testid="replay-origin-link">
              {describeOrigin(draft.origin)}
            </a>
          ) : (
            describeOrigin(draft.origin)
          )}{' '}
          · {draft.id === null ? 'not saved' : dirty ? 'unsaved changes' : 'saved'}
        </span>
      </div>
      {saveError && (
        <p className="notice notice--error" data-testid="replay-save-error">
          {saveError}
        </p>
      )}
      {draft.warnings.map((w) => (
        <p key={w} className="notice notice--warn" data-testid="replay-draft-warning">
          {w}
        </p>
      ))}
    </div>
  );
}
