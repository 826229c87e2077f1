/**
 * What a tab the host refuses shows instead of any area: the areas would only look empty (an
 * empty table reads as "nothing arrived", which is false). The message says which address works.
 */
export function NoAccess({ message }: { message: string }) {
  return (
    <section className="page" data-testid="no-access">
      <h1 className="page__title">No access</h1>
      <p className="notice notice--warn">{message.charAt(0).toUpperCase() + message.slice(1)}.</p>
      <p className="muted">
        The address keeps working across restarts of Hooklab; it changes only when the access token is rotated in Settings
        (or for another data folder).
      </p>
    </section>
  );
}
