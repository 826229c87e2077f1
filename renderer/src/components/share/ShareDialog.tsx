import { useEffect, useRef, useState } from 'react';
import type { ShareSelection } from '../../../../shared/contract/share-export';
import { useShareExport } from './use-share-export';
import './share.css';

/**
 * **Share…**: a `.hooklab` bundle of an order or a selection (docs/share.md) with a note for
 * whoever opens it. Redacted by default; turning that off says what the file then holds.
 */
export function ShareDialog({ selection, what, onClose, testIdPrefix }: { selection: ShareSelection; what: string; onClose: () => void; testIdPrefix: string }) {
  const [note, setNote] = useState('');
  const [redact, setRedact] = useState(true);
  // The dialog's own Close ends it: the job's view has none of its own here.
  const exporting = useShareExport(`${testIdPrefix}-share-job`, { closable: false });
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="share-dialog" onClose={onClose} aria-labelledby={`${testIdPrefix}-share-title`} data-testid={`${testIdPrefix}-share-dialog`}>
      <h2 className="share-dialog__title" id={`${testIdPrefix}-share-title`}>
        Share {what}
      </h2>
      <p className="muted">
        One <span className="mono">.hooklab</span> file a teammate opens in Hooklab and replays: the deliveries&apos; exact bytes and headers, what the service&apos;s
        history says, the order&apos;s states and flags, your handler&apos;s answers and traces. It is signed again with a throwaway key it holds: your store&apos;s key,
        tokens and secrets never go in it.
      </p>
      <label className="share-dialog__field">
        Note for whoever opens it
        <textarea
          value={note}
          maxLength={10_000}
          rows={4}
          placeholder="What you saw, what you expected…"
          onChange={(e) => setNote(e.currentTarget.value)}
          data-testid={`${testIdPrefix}-share-note`}
        />
      </label>
      <label className="share-dialog__check">
        <input type="checkbox" checked={redact} onChange={(e) => setRedact(e.currentTarget.checked)} data-testid={`${testIdPrefix}-share-redact`} />
        Replace personal data with made-up values (buyer and invoice names, phones, e-mails, ids, addresses, notes)
      </label>
      {!redact && (
        <p className="notice notice--warn" role="alert" data-testid={`${testIdPrefix}-share-unredacted`}>
          The file will hold your buyers&apos; names, phones, e-mails and invoice data as received. Share it only with people who may see them.
        </p>
      )}
      {exporting.view}
      <div className="row share-dialog__actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()} data-testid={`${testIdPrefix}-share-cancel`}>
          Close
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={exporting.running}
          onClick={() => void exporting.start(selection, { format: 'bundle', redact, note })}
          data-testid={`${testIdPrefix}-share-save`}
        >
          {exporting.running ? 'Writing the bundle…' : 'Save the bundle'}
        </button>
      </div>
    </dialog>
  );
}

/** A **Share…** button that opens the dialog for its selection. */
export function ShareButton({ selection, what, testIdPrefix, disabled = false, small = false }: { selection: ShareSelection; what: string; testIdPrefix: string; disabled?: boolean; small?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={small ? 'button button--small' : 'button'} disabled={disabled} onClick={() => setOpen(true)} data-testid={`${testIdPrefix}-share`}>
        Share…
      </button>
      {open && <ShareDialog selection={selection} what={what} onClose={() => setOpen(false)} testIdPrefix={testIdPrefix} />}
    </>
  );
}
