import type { ReactNode } from 'react';

/**
 * A flow form's submit button on its own row: disabled while the flow runs (`busy`, which its
 * label then says) and while `disabled` (no sandbox, a field missing).
 */
export function SubmitRow({ busy, busyLabel, disabled = false, testId, children }: { busy: boolean; busyLabel: ReactNode; disabled?: boolean; testId: string; children: ReactNode }) {
  return (
    <div className="row flow-form__wide">
      <button type="submit" className="button button--primary" disabled={busy || disabled} data-testid={testId}>
        {busy ? busyLabel : children}
      </button>
    </div>
  );
}
