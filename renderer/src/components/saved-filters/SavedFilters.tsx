import { useState } from 'react';
import { deleteFilter, loadSavedFilters, saveFilter, type SavedFilter } from './saved-filters';

/**
 * Named filters of one area (kept on this machine): pick one to apply it, save the current
 * filters under a name, or delete the picked one. Filters are URL params, the same that a
 * link to the area carries.
 */
export function SavedFilters(props: {
  area: string;
  current: Readonly<Record<string, string>>;
  onApply: (params: Readonly<Record<string, string>>) => void;
}) {
  const [list, setList] = useState<SavedFilter[]>(() => loadSavedFilters(props.area, window.localStorage));
  const [picked, setPicked] = useState('');
  const [naming, setNaming] = useState<string | null>(null);
  const empty = Object.keys(props.current).length === 0;

  if (naming !== null) {
    const save = () => {
      const name = naming.trim();
      if (name === '') return;
      setList(saveFilter(props.area, { name, params: props.current }, window.localStorage));
      setPicked(name);
      setNaming(null);
    };
    return (
      <span className="row saved-filters">
        <input
          className="saved-filters__name"
          autoFocus
          placeholder="Name of this filter"
          value={naming}
          onChange={(e) => setNaming(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape') setNaming(null);
          }}
          aria-label="Name of the saved filter"
          data-testid="saved-filter-name"
        />
        <button type="button" className="button button--primary" disabled={naming.trim() === ''} onClick={save} data-testid="saved-filter-confirm">
          Save
        </button>
        <button type="button" className="button" onClick={() => setNaming(null)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <span className="row saved-filters">
      <select
        value={picked}
        onChange={(e) => {
          setPicked(e.target.value);
          const filter = list.find((f) => f.name === e.target.value);
          if (filter) props.onApply(filter.params);
        }}
        aria-label="Saved filters"
        data-testid="saved-filters"
      >
        <option value="">{list.length === 0 ? 'No saved filters' : 'Saved filters…'}</option>
        {list.map((f) => (
          <option key={f.name} value={f.name}>
            {f.name}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={empty} onClick={() => setNaming(picked)} data-testid="saved-filter-save" title="Save the current search and filters under a name">
        Save filter
      </button>
      {picked !== '' && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setList(deleteFilter(props.area, picked, window.localStorage));
            setPicked('');
          }}
          data-testid="saved-filter-delete"
        >
          Delete
        </button>
      )}
    </span>
  );
}
