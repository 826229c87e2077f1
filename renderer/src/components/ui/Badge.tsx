import type { ReactNode } from 'react';
import { badgeTone, type BadgeTone } from './badge-tone';

export { badgeTone, type BadgeTone } from './badge-tone';

/**
 * A short label in a coloured pill. The tone comes from the word itself (badgeTone), so a
 * verdict, a level or a state has the same colour on every page; the word is always written,
 * so colour is never the only signal.
 */
export function Badge({
  children,
  tone,
  title,
  testId,
}: {
  children: ReactNode;
  tone?: BadgeTone;
  title?: string;
  testId?: string;
}) {
  const resolved = tone ?? (typeof children === 'string' ? badgeTone(children) : 'neutral');
  return (
    <span className={`badge badge--${resolved}`} title={title} data-testid={testId}>
      {children}
    </span>
  );
}
