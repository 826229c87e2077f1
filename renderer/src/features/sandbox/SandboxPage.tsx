/** The Sandbox area. */
export function SandboxPage() {
  return (
    <section className="page" data-testid="page-sandbox">
      <h1 className="page__title">Sandbox</h1>
    </section>
  );
}
