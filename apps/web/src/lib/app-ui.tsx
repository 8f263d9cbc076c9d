import { enqueueSnackbar, readiness, snackbarFor, waitingClosingText, waitingMessage, type SnackbarMessage, type WaitingState } from '@store/domain';
import { Snackbar, WaitingOverlay } from '@store/ui';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError, SupersededError } from './api-client';
import { requestCounters } from './request-counters';

/**
 * The page's feedback, shared by every page of the store: the snackbar, the waiting overlay and the
 * application's readiness. It lives here, not in a feature, because every feature reports through it.
 */
interface AppUi {
  /** Queues a snackbar message for a response code (spec 2 §8). */
  readonly notify: (code: number, text?: string) => void;
  /** Shows the error of a failed call: its catalogued message, or nothing for a superseded call. */
  readonly notifyError: (error: unknown) => void;
  /** Runs a blocking step under the waiting overlay with its message (spec 2 §4). */
  readonly wait: <T>(state: WaitingState, work: () => Promise<T>) => Promise<T>;
}

const AppUiContext = createContext<AppUi | null>(null);
/**
 * A wait is shown only once it has lasted this long: most steps answer in well under it, and a
 * message (then 'Done') flashed over a quick step only slows the shopper down. Until then the page
 * is blocked without a word, so nothing can be sent twice.
 */
export const SHOW_WAIT_AFTER_MS = 400;
/** How long the closing text ('Done', or the error) stays after a wait that was shown. */
const CLOSING_TEXT_MS = 900;

export function AppUiProvider({ children }: { readonly children: ReactNode }) {
  const [queue, setQueue] = useState<readonly SnackbarMessage[]>([]);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [since, setSince] = useState<number | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const closingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The waits under way, latest last. One may start while another runs (saving billing, then
  // choosing the gateway): to the shopper that is one wait, so the overlay stays up with the latest
  // message until the last ends, and 'Done' follows it only if a message was drawn at any point.
  // The show timer firing is not proof of that, nor is React committing it: when the work ends in
  // the same stalled moment, 'shown' and 'not shown' land in one task and the message never
  // reaches the screen. A frame that begins with the message up draws it.
  const waitsUnderWay = useRef<{ readonly message: string }[]>([]);
  const messageDrawn = useRef(false);
  useLayoutEffect(() => {
    if (!shown || waiting === null) return undefined;
    const frame = requestAnimationFrame(() => {
      messageDrawn.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, waiting]);
  const [waits, setWaits] = useState({ startWaitCount: 0, endWaitCount: 0 });
  const requests = useSyncExternalStore(requestCounters.subscribe, requestCounters.snapshot);
  const ready = readiness({ ...requests, ...waits });
  // Application readiness (spec 1 §4) on the page: styles show progress, assistive tech hears aria-busy.
  useEffect(() => {
    document.body.dataset.readiness = ready;
    document.getElementById('main')?.setAttribute('aria-busy', String(ready !== 'READY'));
  }, [ready]);

  const notify = useCallback((code: number, text?: string) => setQueue((current) => enqueueSnackbar(current, snackbarFor(code, text))), []);
  const notifyError = useCallback(
    (error: unknown) => {
      if (error instanceof SupersededError) return;
      if (error instanceof ApiError) notify(error.code, error.message);
      else notify(999);
    },
    [notify],
  );
  const wait = useCallback(async <T,>(state: WaitingState, work: () => Promise<T>): Promise<T> => {
    const thisWait = { message: waitingMessage(state) };
    const startsTheWait = waitsUnderWay.current.length === 0;
    waitsUnderWay.current.push(thisWait);
    setWaiting(thisWait.message);
    setWaits((current) => ({ ...current, startWaitCount: current.startWaitCount + 1 }));
    // A wait that joins another keeps its clock: it is the same wait to the shopper.
    // A 'Done' still up stays through a quick wait that follows; a message shown replaces it.
    if (startsTheWait) {
      setShown(false);
      setSince(performance.now());
      messageDrawn.current = false;
    }
    const showTimer = setTimeout(() => setShown(true), SHOW_WAIT_AFTER_MS);
    let code = 200;
    try {
      return await work();
    } catch (error) {
      code = error instanceof ApiError ? error.code : 999;
      throw error;
    } finally {
      clearTimeout(showTimer);
      setWaits((current) => ({ ...current, endWaitCount: current.endWaitCount + 1 }));
      waitsUnderWay.current = waitsUnderWay.current.filter((underWay) => underWay !== thisWait);
      const latest = waitsUnderWay.current[waitsUnderWay.current.length - 1];
      if (latest) {
        setWaiting(latest.message);
      } else {
        setWaiting(null);
        setShown(false);
        // 'Done' closes a wait the shopper saw; after a quick step the page simply moves on.
        if (messageDrawn.current) {
          clearTimeout(closingTimer.current);
          setClosing(waitingClosingText(code));
          closingTimer.current = setTimeout(() => setClosing(null), CLOSING_TEXT_MS);
        }
      }
    }
  }, []);
  const dismiss = useCallback(() => setQueue((current) => current.slice(1)), []);
  const value = useMemo(() => ({ notify, notifyError, wait }), [notify, notifyError, wait]);

  return (
    <AppUiContext.Provider value={value}>
      {children}
      <Snackbar message={queue[0] ?? null} onDismiss={dismiss} />
      <WaitingOverlay message={waiting} shown={shown} closingText={closing} since={since} />
    </AppUiContext.Provider>
  );
}

export function useAppUi(): AppUi {
  const ui = useContext(AppUiContext);
  if (!ui) throw new Error('useAppUi needs an AppUiProvider');
  return ui;
}
