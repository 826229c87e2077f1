/** An honest page for an area that does not exist yet: what it will do, and no fake data. */
export function NotBuilt({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="page" data-testid={testId}>
      <h1 className="page__title">{title}</h1>
      <p className="notice" data-testid="not-built">
        Not built yet. {children}
      </p>
    </section>
  );
}
