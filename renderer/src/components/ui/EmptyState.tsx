import type { ReactNode } from 'react';

/** What a list or pane shows when it has nothing yet: what it is for, and how to fill it. */
export function EmptyState({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="empty-state__title">{title}</p>
      {children !== undefined && <div className="empty-state__text">{children}</div>}
      {action !== undefined && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
