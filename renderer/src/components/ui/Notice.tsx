import type { HTMLAttributes, ReactNode } from 'react';
import { collapseNotices, type NoticeItem } from './collapse-notices';

export type NoticeTone = 'info' | 'ok' | 'warn' | 'error';

/**
 * One inline notice; `count` above 1 says how many times it came ("×7"); `action` is a button
 * that belongs to it (e.g. "Resend these 3"). Other attributes (role, data-*) go on the box.
 */
export function Notice({
  tone = 'info',
  count = 1,
  children,
  testId,
  action,
  ...rest
}: {
  tone?: NoticeTone;
  count?: number;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  return (
    <div
      className={`notice notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'note'}
      data-testid={testId}
      {...rest}
    >
      <span className="notice__icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'warn' ? '▲' : tone === 'ok' ? '✓' : 'i'}
      </span>
      <span className="notice__text">{children}</span>
      {count > 1 && (
        <span className="notice__count" title={`${count} times`} data-testid="notice-count">
          ×{count}
        </span>
      )}
      {action !== undefined && <span className="notice__action">{action}</span>}
    </div>
  );
}

/**
 * A list of notices where repeats of one kind (same `kind`) collapse into one with a count, so
 * seven "duplicate delivery" warnings are one line, not seven boxes.
 */
export function NoticeList({ items, testId }: { items: readonly NoticeItem[]; testId?: string }) {
  const groups = collapseNotices(items);
  if (groups.length === 0) return null;
  return (
    <div className="notice-list" data-testid={testId}>
      {groups.map((g) => (
        <Notice key={g.kind} tone={g.tone} count={g.count} testId={`notice-${g.kind}`}>
          {g.text}
        </Notice>
      ))}
    </div>
  );
}
