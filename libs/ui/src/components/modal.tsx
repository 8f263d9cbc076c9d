import { useEffect, useId, useRef, type ReactNode } from 'react';
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


/** The one modal dialog of the app: labelled, aria-modal, focus kept inside and returned on close. */
export function Modal({ open, title, onClose, closable = true, children, initialFocus }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

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
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
