import { useMemo, useState } from 'react';
import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { whyNotPretty } from '../../../../shared/text/json-nesting';
import { Highlighted } from '../../components/highlight/Highlighted';
import { hexDump } from '../../lib/curl';
import { formatBytes } from '../../lib/format';
import { BODY_MORE_BYTES, type BodyParts } from './use-body-parts';

type BodyView = 'raw' | 'pretty' | 'hex';

/** The exact body, pretty, raw or as hex, loaded in parts when it is large; search terms marked. */
export function DetailBody({ body, search }: { body: BodyParts; search: string }) {
  const { bytes, text } = body;
  // Bounded: a small body nested thousands deep would pretty-print to tens of MB of indents.
  const noPretty = useMemo(() => (text === null ? null : whyNotPretty(text)), [text]);
  // Pretty printing needs the whole document: a part of one is shown raw.
  const pretty = useMemo(() => {
    if (!body.complete || text === null || noPretty !== null || tooDeepToParse(text)) return null;
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return null;
    }
  }, [body.complete, text, noPretty]);
  const [view, setView] = useState<BodyView>('pretty');
  const shown: BodyView =
    text === null ? 'hex' : view === 'pretty' && pretty === null ? 'raw' : view;
  return (
    <section className="live-detail__section">
      <h3 className="row">
        Body
        {(['pretty', 'raw', 'hex'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className={`button button--small${shown === v ? ' button--primary' : ''}`}
            disabled={(v !== 'hex' && text === null) || (v === 'pretty' && pretty === null)}
            onClick={() => setView(v)}
            data-testid={`body-view-${v}`}
          >
            {v}
          </button>
        ))}
        {text === null && <span className="muted">not UTF-8: shown as hex</span>}
        {noPretty !== null && (
          <span className="muted" data-testid="body-no-pretty">
            No pretty view: {noPretty}
          </span>
        )}
      </h3>
      {!body.complete && (
        <p className="row muted" data-testid="body-partial">
          Showing the first {bytes.length.toLocaleString('en-US')} of{' '}
          {body.storedBytes.toLocaleString('en-US')} bytes
          {shown !== 'hex' ? ' (pretty needs the whole body)' : ''}.
          <button
            type="button"
            className="button button--small"
            disabled={body.loading}
            onClick={body.more}
            data-testid="body-more"
          >
            Show {formatBytes(Math.min(BODY_MORE_BYTES, body.storedBytes - bytes.length))} more
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={body.loading}
            onClick={() => void body.all().catch(() => undefined)}
            data-testid="body-all"
          >
            Show all ({formatBytes(body.storedBytes)})
          </button>
          {body.loading && <span>loading…</span>}
        </p>
      )}
      {body.error && <p className="notice notice--error">Loading the body failed: {body.error}</p>}
      <pre className="live-detail__body" data-testid="detail-body">
        {shown === 'hex' ? (
          hexDump(bytes)
        ) : (
          <Highlighted text={(shown === 'pretty' ? pretty : text) ?? ''} search={search} />
        )}
      </pre>
    </section>
  );
}
