export interface WaitingOverlayProps {
  /** The message while waiting (spec 2 §4), or null when nothing blocks. */
  readonly message: string | null;
  /** Shown briefly as the overlay closes: 'Done' or the error text. */
  readonly closingText?: string | null;
}

/** Blocks the page during a wait and says what is happening, for sighted and screen-reader users alike. */
export function WaitingOverlay({ message, closingText }: WaitingOverlayProps) {
  const text = message ?? closingText ?? null;
  return (
    <div className={`waiting-overlay${text ? ' waiting-overlay--visible' : ''}`} aria-hidden={text ? undefined : true}>
      <p role="status" aria-live="polite" className="waiting-overlay__message">
        {text ?? ''}
      </p>
    </div>
  );
}
