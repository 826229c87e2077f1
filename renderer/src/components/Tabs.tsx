import type { ReactNode } from 'react';

/** A row of tab buttons (one pressed); each carries `data-testid="<testIdPrefix>-<id>"`. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  testIdPrefix,
  className = '',
}: {
  tabs: ReadonlyArray<readonly [T, ReactNode]>;
  value: T;
  onChange: (id: T) => void;
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <nav className={`row ${className}`} role="tablist">
      {tabs.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          className={`button${value === id ? ' button--primary' : ''}`}
          onClick={() => onChange(id)}
          data-testid={`${testIdPrefix}-${id}`}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
