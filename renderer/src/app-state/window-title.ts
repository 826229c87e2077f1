/** "Hooklab · 3 pending" while events are pending, "Hooklab" otherwise. */
export function windowTitle(pending: number | null): string {
  return pending ? `Hooklab · ${pending} pending` : 'Hooklab';
}
