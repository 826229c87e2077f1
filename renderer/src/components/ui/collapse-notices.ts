export interface NoticeItem {
  /** Notices of one kind collapse into one. */
  readonly kind: string;
  readonly tone: 'info' | 'warn' | 'error';
  /** The text shown (the first of its kind). */
  readonly text: string;
}

export interface NoticeGroup extends NoticeItem {
  readonly count: number;
}

/** Groups notices by kind, in order of first appearance, keeping the first text and counting the rest. */
export function collapseNotices(items: readonly NoticeItem[]): NoticeGroup[] {
  const groups = new Map<string, NoticeGroup>();
  for (const item of items) {
    const seen = groups.get(item.kind);
    groups.set(item.kind, seen ? { ...seen, count: seen.count + 1 } : { ...item, count: 1 });
  }
  return [...groups.values()];
}
