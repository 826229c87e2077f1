import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a short list of actions under it (a toolbar keeps one line at 1280 px
 * by grouping actions that share an object). Escape, a click elsewhere or choosing an item
 * closes it. `children` are the items: buttons with `role="menuitem"`.
 */
export function Menu(props: { label: string; disabled?: boolean; testId?: string; title?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const shown = open && !props.disabled;
  return (
    <div className="menu" ref={root}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={shown}
        disabled={props.disabled}
        title={props.title}
        onClick={() => setOpen((o) => !o)}
        data-testid={props.testId}
      >
        {props.label} ▾
      </button>
      {shown && (
        // A click on an item runs it, then closes the menu.
        <div className="menu__items" role="menu" onClick={() => setOpen(false)}>
          {props.children}
        </div>
      )}
    </div>
  );
}
