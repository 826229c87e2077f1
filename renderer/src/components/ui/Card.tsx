import type { ReactNode } from 'react';

/** A framed group of related settings or facts, with an optional heading and actions. */
export function Card({
  title,
  actions,
  children,
  testId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card" data-testid={testId}>
      {(title !== undefined || actions !== undefined) && (
        <header className="card__header">
          {title !== undefined && <h2 className="card__title">{title}</h2>}
          {actions !== undefined && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
