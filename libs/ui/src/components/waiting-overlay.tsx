export interface WaitingOverlayProps {
  /** The message while waiting (spec 2 §4), or null when nothing blocks. */
  readonly message: string | null;
  /** Whether the wait has lasted long enough to be shown; before that the page is blocked unseen. */
  readonly shown?: boolean;
  /** Shown briefly after a wait that was shown: 'Done' or the error text. It blocks nothing. */
  readonly closingText?: string | null;
}

/**
 * Blocks the page during a wait and, once the wait is long enough to notice, says what is happening,
 * for sighted and screen-reader users alike. A quick step is blocked (nothing can be sent twice) but
 * never flashes a message or a 'Done' that would only slow the shopper down.
 */
export function WaitingOverlay({ message, shown = true, closingText }: WaitingOverlayProps) {
  const state = message !== null ? (shown ? 'visible' : 'blocking') : closingText ? 'closing' : 'idle';
  const text = state === 'visible' ? message : state === 'closing' ? closingText : null;
  return (
    <div className={`waiting-overlay waiting-overlay--${state}`} data-state={state} aria-hidden={text ? undefined : true}>
      <p role="status" aria-live="polite" className="waiting-overlay__message">
        {text ?? ''}
      </p>
    </div>
  );
}
