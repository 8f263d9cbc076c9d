import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FOCUSABLE, keepFocusInside } from './focus-trap';

export interface ModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  /** Escape, the backdrop and the close button close it only when closing is allowed. */
  readonly closable?: boolean;
  readonly children: ReactNode;
  /** The element to focus when the modal opens; the first focusable element otherwise. */
  readonly initialFocus?: React.RefObject<HTMLElement | null>;
}

/** How long the window must keep one size before an open modal measures itself again (spec 1 §9). */
export const MODAL_RESIZE_DEBOUNCE_MS = 300;

/**
 * Whether the modal's body is taller than the room the window leaves it, measured when the modal
 * opens and again once a resize has settled. A window being dragged, or a phone turning or showing
 * its keyboard, fires resize events frame after frame; measuring (a forced layout) at each would
 * make the dialog jank, so only the last one counts.
 */
function useBodyOverflows(open: boolean, body: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!open) return;
    const measure = () => {
      const element = body.current;
      setOverflows(element !== null && element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, MODAL_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [open, body]);
  return overflows;
}

/**
 * The one modal dialog of the app: labelled, aria-modal, focus kept inside and returned on close.
 * It never grows past the window: a body too tall for it scrolls under the title and close button,
 * and then takes the keyboard focus in its turn, so that text between the controls can be scrolled
 * to without a mouse.
 */
export function Modal({ open, title, onClose, closable = true, children, initialFocus }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const scrolls = useBodyOverflows(open, body);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = initialFocus?.current ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.current;
    first?.focus();
    return () => previous?.focus();
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && closable) {
      event.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(event, dialog.current);
  };

  return (
    <div className="modal" onKeyDown={onKeyDown}>
      <div className="modal__backdrop" onClick={closable ? onClose : undefined} aria-hidden="true" />
      <div className="modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog} tabIndex={-1}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closable && (
            <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
              ×
            </button>
          )}
        </div>
        <div
          className="modal__body"
          ref={body}
          data-scrolls={scrolls ? '' : undefined}
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-labelledby={scrolls ? titleId : undefined}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
