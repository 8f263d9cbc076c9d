import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FOCUSABLE, keepFocusInside } from './focus-trap';

export type FullScreenMenuState = 'opening' | 'open' | 'closing' | 'closed';

export interface FullScreenMenuProps {
  readonly state: FullScreenMenuState;
  readonly title: string;
  /** Escape or the close button. */
  readonly onClose: () => void;
  /** The opening or closing transition has ended. */
  readonly onTransitionEnd: () => void;
  readonly children: ReactNode;
}

/** How long the opening and closing transitions take; none when the shopper asked for less motion. */
const TRANSITION_MS = 200;

/**
 * The full-screen navigation menu (spec 1 §2, §4): four states, the transitions timed here (and
 * skipped under prefers-reduced-motion), Escape closing it, focus moved in when it opens, kept
 * inside while it is shown and given back to the opener when it has closed.
 */
export function FullScreenMenu({ state, title, onClose, onTransitionEnd, children }: FullScreenMenuProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (state !== 'opening' && state !== 'closing') return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(onTransitionEnd, reduced ? 0 : TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [state, onTransitionEnd]);

  useEffect(() => {
    if (state === 'opening') {
      opener.current = document.activeElement as HTMLElement | null;
      panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
    if (state === 'closed' && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [state]);

  if (state === 'closed') return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(event, panel.current);
  };

  return (
    <div
      className={`full-screen-menu full-screen-menu--${state}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-state={state}
      ref={panel}
      onKeyDown={onKeyDown}
    >
      <div className="full-screen-menu__header">
        <h2 id={titleId} className="full-screen-menu__title">
          {title}
        </h2>
        <button type="button" className="full-screen-menu__close" onClick={onClose}>
          Close<span className="visually-hidden"> menu</span>
        </button>
      </div>
      <nav aria-labelledby={titleId} className="full-screen-menu__nav">
        {children}
      </nav>
    </div>
  );
}
