/** A named filter state of one area, as URL params. */
export interface SavedFilter {
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Where the filters are kept: localStorage in the UI (a Map-backed stand-in in tests). */
export interface FilterStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const keyOf = (area: string) => `hooklab.savedFilters.${area}`;

/** The area's saved filters (none when storage is empty or malformed). */
export function loadSavedFilters(area: string, storage: Pick<FilterStorage, 'getItem'>): SavedFilter[] {
  try {
    const value = JSON.parse(storage.getItem(keyOf(area)) ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (f): f is SavedFilter =>
        typeof f === 'object' && f !== null && typeof (f as SavedFilter).name === 'string' && typeof (f as SavedFilter).params === 'object',
    );
  } catch {
    return [];
  }
}

/** Saves (or replaces, by name) a filter of the area; returns the new list, sorted by name. */
export function saveFilter(area: string, filter: SavedFilter, storage: FilterStorage): SavedFilter[] {
  const list = loadSavedFilters(area, storage)
    .filter((f) => f.name !== filter.name)
    .concat(filter)
    .sort((a, b) => a.name.localeCompare(b.name));
  storage.setItem(keyOf(area), JSON.stringify(list));
  return list;
}

/** Forgets one saved filter of the area; returns the new list. */
export function deleteFilter(area: string, name: string, storage: FilterStorage): SavedFilter[] {
  const list = loadSavedFilters(area, storage).filter((f) => f.name !== name);
  storage.setItem(keyOf(area), JSON.stringify(list));
  return list;
}
