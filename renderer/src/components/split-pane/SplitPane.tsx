import { useRef, type ReactNode } from 'react';
import type { SplitLayout } from './split-layout';
import './split-pane.css';

/**
 * Two panes with a draggable divider (also moved by arrow keys when focused), beside each
 * other or one above the other. The caller owns the layout (useSplitLayout remembers it).
 */
export function SplitPane(props: {
  layout: SplitLayout;
  onResize: (fraction: number) => void;
  first: ReactNode;
  second: ReactNode;
  /**
   * Above/below only: the second pane is only as tall as its content needs, up to its share,
   * and the first takes the rest (Live's list grows beside a short detail). The fraction is
   * then the first pane's least share.
   */
  fitSecond?: boolean;
  testId?: string;
}) {
  const { orientation, fraction } = props.layout;
  const root = useRef<HTMLDivElement>(null);
  const beside = orientation === 'beside';

  const onPointerDown = (down: React.PointerEvent<HTMLDivElement>) => {
    const box = root.current?.getBoundingClientRect();
    if (!box) return;
    down.preventDefault();
    const divider = down.currentTarget;
    divider.setPointerCapture(down.pointerId);
    const move = (e: PointerEvent) =>
      props.onResize(beside ? (e.clientX - box.left) / box.width : (e.clientY - box.top) / box.height);
    const up = () => {
      divider.removeEventListener('pointermove', move);
      divider.removeEventListener('pointerup', up);
    };
    divider.addEventListener('pointermove', move);
    divider.addEventListener('pointerup', up);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    const back = beside ? 'ArrowLeft' : 'ArrowUp';
    const forward = beside ? 'ArrowRight' : 'ArrowDown';
    if (e.key === back || e.key === forward) {
      e.preventDefault();
      props.onResize(fraction + (e.key === forward ? step : -step));
    }
  };

  const share = `${(fraction * 100).toFixed(1)}%`;
  return (
    <div
      ref={root}
      className={`split split--${orientation}${props.fitSecond ? ' split--fit-second' : ''}`}
      // A CSS variable set through the DOM (not an inline style attribute), so the CSP holds.
      style={{ '--split-first': share } as React.CSSProperties}
      data-testid={props.testId}
      data-orientation={orientation}
      data-fraction={fraction.toFixed(3)}
    >
      <div className="split__pane split__pane--first">{props.first}</div>
      <div
        className="split__divider"
        role="separator"
        aria-orientation={beside ? 'vertical' : 'horizontal'}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuemin={15}
        aria-valuemax={85}
        aria-label="Resize the panes"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        data-testid={props.testId ? `${props.testId}-divider` : undefined}
      />
      <div className="split__pane split__pane--second">{props.second}</div>
    </div>
  );
}
