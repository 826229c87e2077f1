import { useEffect, useRef, useState } from 'react';
import type { ThreeDsFrameMessage } from '../../../../../shared/service';
import { asFrameMessage } from './explanations';

/**
 * The bank's 3-D Secure page (`authentication.url`) in a frame. Its message is accepted only
 * from that URL's exact origin and from this frame's window: any other sender is ignored
 * (never a `*` check). The renderer's CSP admits that one origin in frame-src; when the
 * environment changed since the page loaded, the frame is blocked and the page says so.
 */
export function ChallengeFrame({ url, onMessage }: { url: string; onMessage: (m: ThreeDsFrameMessage) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [ignored, setIgnored] = useState(0);
  const latest = useRef(onMessage);
  latest.current = onMessage;
  const origin = new URL(url).origin;

  useEffect(() => {
    const received = (e: MessageEvent) => {
      const message = asFrameMessage(e.data);
      if (!message) return;
      // A frame message (docs/service.md#3-d-secure-frame-message) from any other origin or window could fake an authentication: ignored.
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return setIgnored((n) => n + 1);
      latest.current(message);
    };
    const violation = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective === 'frame-src') setBlocked(e.blockedURI);
    };
    window.addEventListener('message', received);
    document.addEventListener('securitypolicyviolation', violation);
    return () => {
      window.removeEventListener('message', received);
      document.removeEventListener('securitypolicyviolation', violation);
    };
  }, [origin]);

  return (
    <div className="challenge" data-testid="challenge">
      <p className="muted">
        The bank&apos;s page, from <span className="mono">{origin}</span> (the only origin this page accepts messages from
        {ignored > 0 ? `; ${ignored} message${ignored === 1 ? '' : 's'} from elsewhere ignored` : ''}).
      </p>
      {blocked && (
        <p className="notice notice--error" data-testid="challenge-blocked">
          The frame was blocked: this page admits frames from the environment that was active when it loaded. Reload
          the page to admit {origin}, or open the authentication in a browser.
        </p>
      )}
      <iframe
        ref={frame}
        className="challenge__frame"
        src={url}
        title="3-D Secure authentication"
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        data-testid="challenge-frame"
      />
    </div>
  );
}
