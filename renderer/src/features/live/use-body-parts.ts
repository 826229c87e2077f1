import { useCallback, useMemo, useRef, useState } from 'react';
import type { DeliveryDetail } from '../../../../shared/contract/live';
import { utf8CutAt } from '../../../../shared/text/utf8';
import { transport } from '../../transport';
import { base64ToBytes } from '../../lib/curl';

/** What "Show more" adds. */
export const BODY_MORE_BYTES = 4 * 1024 * 1024;
/** One live.body call (below the contract's cap). */
const RANGE_BYTES = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');

export interface BodyParts {
  /** The body bytes loaded so far (all of them once complete). */
  readonly bytes: Uint8Array;
  /** Those bytes as text (whole characters), or null when the body is not UTF-8. */
  readonly text: string | null;
  readonly complete: boolean;
  readonly storedBytes: number;
  readonly loading: boolean;
  readonly error: string | null;
  /** Loads the next part (BODY_MORE_BYTES). */
  more(): void;
  /** Loads everything and resolves to the whole body. */
  all(): Promise<Uint8Array>;
}

/**
 * The body of the open delivery, opened in parts: live.get sends the first part, the rest comes
 * with live.body only when asked for (a 20 MB body took 5 s to open when it was sent whole).
 */
export function useBodyParts(detail: DeliveryDetail): BodyParts {
  const first = useMemo(() => base64ToBytes(detail.bodyBase64), [detail.bodyBase64]);
  // What was loaded, with the first part it extends: another delivery (another first part)
  // starts again from its own, in the same render, so no byte of the previous one shows.
  const [loaded, setLoaded] = useState({ first, bytes: first });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<{ first: Uint8Array; message: string } | null>(null);
  const bytes = loaded.first === first ? loaded.bytes : first;
  const current = useRef(bytes);
  current.current = bytes;
  const id = detail.summary.id;

  const loadUpTo = useCallback(
    async (end: number): Promise<Uint8Array> => {
      let have = current.current;
      if (have.length >= Math.min(end, detail.bodyStoredBytes)) return have;
      setLoading(true);
      setError(null);
      try {
        const parts: Uint8Array[] = [have];
        let offset = have.length;
        while (offset < Math.min(end, detail.bodyStoredBytes)) {
          const length = Math.min(RANGE_BYTES, end - offset);
          const range = await transport.call('live.body', { id, offset, length });
          const chunk = base64ToBytes(range.bodyBase64);
          if (chunk.length === 0) break;
          parts.push(chunk);
          offset += chunk.length;
        }
        have = concat(parts, offset);
        current.current = have;
        setLoaded({ first, bytes: have });
        return have;
      } catch (e) {
        setError({ first, message: (e as Error).message });
        throw e;
      } finally {
        setLoading(false);
      }
    },
    [id, first, detail.bodyStoredBytes],
  );

  const complete = bytes.length >= detail.bodyStoredBytes;
  const text = useMemo(() => {
    if (detail.bodyText === null) return null;
    if (bytes === first) return detail.bodyText;
    return utf8.decode(bytes.subarray(0, complete ? bytes.length : utf8CutAt(bytes, bytes.length)));
  }, [bytes, first, detail.bodyText, complete]);

  const more = useCallback(() => void loadUpTo(current.current.length + BODY_MORE_BYTES).catch(() => undefined), [loadUpTo]);
  const all = useCallback(() => loadUpTo(detail.bodyStoredBytes), [loadUpTo, detail.bodyStoredBytes]);
  return {
    bytes,
    text,
    complete,
    storedBytes: detail.bodyStoredBytes,
    loading,
    error: error?.first === first ? error.message : null,
    more,
    all,
  };
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p.subarray(0, total - at), at);
    at += p.length;
  }
  return out;
}
