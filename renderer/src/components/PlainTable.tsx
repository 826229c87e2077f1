import type { ReactNode } from 'react';

/**
 * A small table in the app's look (a few rows, no sorting or filtering: DataTable does those),
 * with a header row when `head` names the columns ('' for a column without a title).
 */
export function PlainTable({ head, testId, children }: { head?: readonly string[]; testId?: string; children: ReactNode }) {
  return (
    <table className="table" data-testid={testId}>
      {head && (
        <thead>
          <tr>
            {head.map((title, i) => (
              <th key={i}>{title}</th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>{children}</tbody>
    </table>
  );
}
