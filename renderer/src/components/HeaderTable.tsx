import type { ReactNode } from 'react';
import { Highlighted } from './highlight/Highlighted';
import './header-table.css';

/** HTTP headers as a two-column table, in order and with repeats, values wrapped anywhere. */
export function HeaderTable({
  headers,
  testId,
  note,
  search = '',
}: {
  headers: ReadonlyArray<readonly [string, string]>;
  testId?: string;
  /** Something to say after a header's value (e.g. that it changes at each send). */
  note?: (name: string) => ReactNode;
  /** Terms of the open search, marked in names and values. */
  search?: string;
}) {
  return (
    <table className="table" data-testid={testId}>
      <tbody>
        {headers.map(([name, value], i) => (
          <tr key={i}>
            <td className="mono">
              <Highlighted text={name} search={search} />
            </td>
            <td className="mono header-table__value">
              <Highlighted text={value} search={search} />
              {note?.(name)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
