import type { SnackbarMessage } from '@store/domain';
import { useEffect } from 'react';

export interface SnackbarProps {
  /** The message showing now (the head of the queue), if any. */
  readonly message: SnackbarMessage | null;
  readonly onDismiss: () => void;
}

/**
 * Shows one message of the queue for its duration (8 s), at the top for basket notices and at the
 * bottom otherwise, and announces it: errors assertively, notices politely.
 */
export function Snackbar({ message, onDismiss }: SnackbarProps) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, message.durationMs);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);

  return (
    <div
      className={`snackbar snackbar--${message?.position ?? 'bottom'}`}
      role={message?.tone === 'error' ? 'alert' : 'status'}
      aria-live={message?.tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {message && (
        <div className={`snackbar__message snackbar__message--${message.tone}`} data-code={message.code}>
          <span>{message.text}</span>
          <button type="button" className="snackbar__dismiss" onClick={onDismiss} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
