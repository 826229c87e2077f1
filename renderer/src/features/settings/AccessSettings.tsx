import { useState } from 'react';
import { useStatusStore } from '../../app-state/status-store';
import { transport } from '../../transport';

/**
 * The local API's access token: one per data folder, kept across restarts so a bookmarked tab
 * keeps working. Rotating it (a leaked address, a shared screen) refuses every open tab and
 * tool that uses the old one; the token itself is never shown here or sent to the page.
 */
export function AccessSettings() {
  const host = useStatusStore((s) => s.status?.host);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const inBrowser = transport.kind === 'browser';

  const rotate = async () => {
    setConfirming(false);
    setMessage(null);
    try {
      const { rotatedAt } = await transport.call('app.rotateAccessToken', {});
      setMessage(`Rotated at ${rotatedAt}: open tabs and tools with the old address now have no access.`);
    } catch (error) {
      setMessage(`Not rotated: ${(error as Error).message}`);
    }
  };

  return (
    <div className="card" data-testid="settings-access">
      <h2 className="card__title">Access</h2>
      <p className="muted">
        Browser tabs and terminal tools reach Hooklab on 127.0.0.1 with an access token kept in the data folder
        {host ? (
          <>
            {' '}
            (<code>{host.dataDir}/host-token</code>, readable only by you)
          </>
        ) : null}
        . It stays the same across restarts, so a bookmarked address keeps working, until you rotate it.
      </p>
      <div className="row">
        {confirming ? (
          <>
            <span data-testid="rotate-token-warning">
              {inBrowser
                ? 'Every open tab, this one included, loses access; open the new address Hooklab prints in its terminal.'
                : 'Every browser tab and terminal tool using the old token loses access; this window keeps working.'}
            </span>
            <button type="button" className="button button--primary" onClick={() => void rotate()} data-testid="rotate-token-confirm">
              Rotate
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)} data-testid="rotate-token-cancel">
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={() => setConfirming(true)} data-testid="rotate-token">
            Rotate access token…
          </button>
        )}
        {message && <span data-testid="rotate-token-message">{message}</span>}
      </div>
    </div>
  );
}
