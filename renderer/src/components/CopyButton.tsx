import { useState } from 'react';

/**
 * Copies a text to the clipboard and says so briefly. `text` may be a function that produces it
 * (e.g. after loading what it needs), called on click.
 */
export function CopyButton({ text, label = 'Copy', testId }: { text: string | (() => Promise<string>); label?: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--small"
      data-testid={testId}
      title={typeof text === 'string' ? `Copy ${text}` : label}
      onClick={() => {
        void (typeof text === 'string' ? Promise.resolve(text) : text()).then((t) => navigator.clipboard.writeText(t)).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1200);
          },
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}
