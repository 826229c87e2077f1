import type { ReactNode } from 'react';

/** A row of tab buttons (one pressed); each carries `data-testid="<testIdPrefix>-<id>"`. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  testIdPrefix,
  className = '',
  small = false,
}: {
  tabs: ReadonlyArray<readonly [T, ReactNode]>;
  value: T;
  onChange: (id: T) => void;
  testIdPrefix: string;
  className?: string;
  /** Small buttons, for tabs inside an area's tab. */
  small?: boolean;
}) {
  return (
    <nav className={`row ${className}`} role="tablist">
      {tabs.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          className={`button${small ? ' button--small' : ''}${value === id ? ' button--primary' : ''}`}
          onClick={() => onChange(id)}
          data-testid={`${testIdPrefix}-${id}`}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
