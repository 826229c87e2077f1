import type { ReactNode } from 'react';
import './header-table.css';

/** HTTP headers as a two-column table, in order and with repeats, values wrapped anywhere. */
export function HeaderTable({
  headers,
  testId,
  note,
}: {
  headers: ReadonlyArray<readonly [string, string]>;
  testId?: string;
  /** Something to say after a header's value (e.g. that it changes at each send). */
  note?: (name: string) => ReactNode;
}) {
  return (
    <table className="table" data-testid={testId}>
      <tbody>
        {headers.map(([name, value], i) => (
          <tr key={i}>
            <td className="mono">{name}</td>
            <td className="mono header-table__value">
              {value}
              {note?.(name)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
