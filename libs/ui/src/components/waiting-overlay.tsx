export interface WaitingOverlayProps {
  /** The message while waiting (spec 2 §4), or null when nothing blocks. */
  readonly message: string | null;
  /** Whether the wait has lasted long enough to be shown; before that the page is blocked unseen. */
  readonly shown?: boolean;
  /**
   * Shown briefly after a wait that was shown: 'Done' or the error text. It blocks nothing, and it
   * stays up through a quick wait that follows.
   */
  readonly closingText?: string | null;
  /**
   * When the current wait began, on the page's clock (performance.now()). Written on the overlay so
   * that the moment its message appears can be checked against the wait's real start, which the
   * first render of a blocked page may trail by a frame or more.
   */
  readonly since?: number | null;
}

/**
 * Blocks the page during a wait and, once the wait is long enough to notice, says what is happening,
 * for sighted and screen-reader users alike. A quick step is blocked (nothing can be sent twice) but
 * never flashes a message or a 'Done' that would only slow the shopper down.
 */
export function WaitingOverlay({ message, shown = true, closingText, since = null }: WaitingOverlayProps) {
  const state = message !== null ? (shown ? 'visible' : 'blocking') : closingText ? 'closing' : 'idle';
  // A quick wait straight after a shown one leaves its 'Done' up rather than blanking it.
  const text = state === 'visible' ? message : closingText ?? null;
  return (
    <div
      className={`waiting-overlay waiting-overlay--${state}`}
      data-state={state}
      data-waiting-since={message !== null && since !== null ? String(since) : undefined}
      aria-hidden={text ? undefined : true}
    >
      <p role="status" aria-live="polite" className="waiting-overlay__message">
        {text ?? ''}
      </p>
    </div>
  );
}
