import { useEffect, useState } from 'react';
import type { DraftSummary } from '../../../../shared/contract/replay-drafts';
import { useEditor, useEditorStore } from './editor-store';
import { Bytes, Time } from '../../components/ui';
import { useDrafts, useDraftsStore } from './drafts-store';

function DraftRow({ draft, active }: { draft: DraftSummary; active: boolean }) {
  const { renameDraft, deleteDraft } = useDrafts();
  const { openDraft } = useEditor();
  const [renaming, setRenaming] = useState<string | null>(null);
  const dirty = useEditorStore((s) => s.dirty);
  if (renaming !== null) {
    return (
      <li className="replay-draft">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (renaming.trim()) void renameDraft(draft.id, renaming.trim()).then(() => setRenaming(null));
          }}
        >
          <input autoFocus value={renaming} onChange={(e) => setRenaming(e.target.value)} data-testid={`draft-rename-input-${draft.id}`} />
          <button type="submit" className="button button--small" data-testid={`draft-rename-save-${draft.id}`}>
            Rename
          </button>
          <button type="button" className="button button--small" onClick={() => setRenaming(null)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className={`replay-draft${active ? ' replay-draft--active' : ''}`} data-testid="replay-draft" data-draft-id={draft.id}>
      <button
        type="button"
        className="replay-draft__open"
        onClick={() => {
          if (dirty && !window.confirm('Discard the unsaved changes in the editor?')) return;
          void openDraft({ kind: 'draft', id: draft.id });
        }}
        data-testid={`draft-open-${draft.id}`}
      >
        <span className="replay-draft__name">{draft.name}</span>
        <span className="muted replay-draft__meta">
          {draft.eventType ?? draft.originKind} · <Bytes bytes={draft.bodySize} /> · <Time iso={draft.updatedAt} />
        </span>
      </button>
      <span className="row replay-draft__actions">
        <button type="button" className="button button--small" onClick={() => setRenaming(draft.name)} data-testid={`draft-rename-${draft.id}`}>
          Rename
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            if (window.confirm(`Delete the draft “${draft.name}”? Replays sent from it stay.`)) void deleteDraft(draft.id);
          }}
          data-testid={`draft-delete-${draft.id}`}
        >
          Delete
        </button>
      </span>
    </li>
  );
}

/** Saved drafts: open, rename, delete. */
export function DraftsList() {
  const { loadDrafts } = useDrafts();
  const { drafts, error } = useDraftsStore();
  const activeId = useEditorStore((s) => s.draft?.id ?? null);
  useEffect(() => {
    void loadDrafts();
  }, [loadDrafts]);
  return (
    <section className="card" data-testid="replay-drafts">
      <h2 className="card__title">Drafts</h2>
      {error && <p className="notice notice--error">{error}</p>}
      {drafts === null && !error && <p className="muted">Loading…</p>}
      {drafts?.length === 0 && <p className="muted" data-testid="replay-drafts-empty">No saved drafts yet. Save the editor's request to keep it.</p>}
      {drafts && drafts.length > 0 && (
        <ul className="replay-drafts">
          {drafts.map((d) => (
            <DraftRow key={d.id} draft={d} active={d.id === activeId} />
          ))}
        </ul>
      )}
    </section>
  );
}
