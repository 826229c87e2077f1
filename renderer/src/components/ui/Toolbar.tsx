import type { ReactNode } from 'react';

/**
 * The row of controls over a list: filters and search on the left, actions on the right
 * (`end`). Wraps on narrow windows instead of overflowing.
 */
export function Toolbar({
  children,
  end,
  label,
  testId,
}: {
  children: ReactNode;
  end?: ReactNode;
  label: string;
  testId?: string;
}) {
  return (
    <div className="toolbar" role="toolbar" aria-label={label} data-testid={testId}>
      <div className="toolbar__start">{children}</div>
      {end !== undefined && <div className="toolbar__end">{end}</div>}
    </div>
  );
}
