import { ErrorCatalogue } from '@store/domain';
import { Button } from '@store/ui';
import { Component, createRef, type ReactNode } from 'react';
import { RENDER_ERROR_CODE, reportRenderError, rethrowOutsideReact, withGenericCode } from './report-render-error';

export interface SectionErrorBoundaryProps {
  /** Where the page is, for the report: `checkout:basket`. */
  readonly where: string;
  /**
   * What the section renders from. A failed section is drawn again when it changes (in the same
   * render that brings the new data, so it never retries with the old).
   */
  readonly resetKey?: unknown;
  /**
   * Fetches again what the section renders from. True when that changed: the new `resetKey` then
   * draws the section again; false, and Try again draws it again with what it has.
   */
  readonly onRetry?: () => Promise<boolean>;
  readonly children?: ReactNode;
}

interface State {
  readonly error: Error | null;
  readonly retrying: boolean;
  readonly resetKey: unknown;
}

/**
 * One part of a page that fails to render shows the generic message and its code in its own place,
 * with Try again, while the rest of the page goes on working: a shopper whose basket list cannot be
 * drawn can still sign in, give an address and pay. The error is reported and, as spec 2 §8 asks,
 * rethrown: from a task of its own, so the window's error handling sees it but the page survives.
 */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, State> {
  override state: State = { error: null, retrying: false, resetKey: this.props.resetKey };
  private readonly container = createRef<HTMLDivElement>();

  static getDerivedStateFromProps(props: SectionErrorBoundaryProps, state: State): Partial<State> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return state.error ? { resetKey: props.resetKey, error: null, retrying: false } : { resetKey: props.resetKey };
  }

  static getDerivedStateFromError(thrown: unknown): Partial<State> {
    return { error: withGenericCode(thrown) };
  }

  override componentDidCatch(thrown: unknown): void {
    const error = this.state.error ?? withGenericCode(thrown);
    if (reportRenderError(error, this.props.where, { dev: import.meta.env.DEV })) rethrowOutsideReact(error);
  }

  /** Whether the focus was inside this part when it changed: a failure or a recovery must not drop it on the page's body. */
  override getSnapshotBeforeUpdate(): boolean {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && this.container.current?.contains(active));
  }

  override componentDidUpdate(_props: SectionErrorBoundaryProps, previous: State, hadFocus: boolean): void {
    const changed = (previous.error === null) !== (this.state.error === null);
    if (!changed || !hadFocus) return;
    const focusable = this.container.current?.querySelector<HTMLElement>('button, a[href], input, select, textarea, [tabindex]');
    focusable?.focus();
  }

  private readonly retry = async (): Promise<void> => {
    if (this.state.retrying) return;
    const failed = this.state.error;
    this.setState({ retrying: true });
    let changed = false;
    try {
      changed = (await this.props.onRetry?.()) ?? false;
    } catch {
      // Drawn again with what the page has; if that fails too, the message comes back.
    }
    // New data resets the section by its key; a reset here as well would draw it once more with the
    // old data first (the checkout renders its session deferred), failing and reporting again.
    if (changed) return;
    this.setState((state) => (state.error === failed ? { error: null, retrying: false } : null));
  };

  override render(): ReactNode {
    const { error, retrying } = this.state;
    return (
      <div ref={this.container} className="section-error-boundary">
        {error ? (
          <div className="notice notice--error render-error" data-testid="render-error" data-code={RENDER_ERROR_CODE}>
            <div role="alert">
              <p className="render-error__message">{ErrorCatalogue.GENERIC.message}</p>
              <p className="render-error__code">Error code: {RENDER_ERROR_CODE}</p>
            </div>
            <Button variant="secondary" busy={retrying} onClick={() => void this.retry()}>
              Try again
            </Button>
          </div>
        ) : (
          this.props.children
        )}
      </div>
    );
  }
}
