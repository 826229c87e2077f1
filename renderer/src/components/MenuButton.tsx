import { useEffect, useRef, useState, type ReactNode } from 'react';
import './menu-button.css';

export interface MenuItem {
  readonly label: string;
  readonly onSelect: () => void;
  readonly title?: string;
  readonly testId: string;
}

/**
 * A button that opens a short menu of actions (Live's export menus). Escape, a click elsewhere
 * or choosing an item closes it; arrow keys move between items.
 */
export function MenuButton({
  label,
  items,
  disabled = false,
  testId,
  title,
  align = 'start',
}: {
  label: ReactNode;
  items: readonly MenuItem[];
  disabled?: boolean;
  testId: string;
  title?: string;
  /** Which edge of the button the menu lines up with (`end` for a button near the window's right edge). */
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
  };
  return (
    <div className="menu-button" ref={root} onKeyDown={onKeyDown}>
      <button type="button" className="button" aria-haspopup="menu" aria-expanded={open} disabled={disabled} title={title} onClick={() => setOpen((o) => !o)} data-testid={testId}>
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className={`menu-button__menu menu-button__menu--${align}`} role="menu" data-testid={`${testId}-menu`}>
          {items.map((item) => (
            <button
              key={item.testId}
              type="button"
              role="menuitem"
              className="menu-button__item"
              title={item.title}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
              data-testid={item.testId}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
