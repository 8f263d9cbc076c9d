import {
  consentEffectsOnLoad,
  cookieConsentReducer,
  initialCookieConsent,
  shouldSendAnalyticsEvent,
  type AnalyticsEventName,
  type BasketAnalyticsJson,
  type ConsentEffect,
  type CookieConsentEvent,
  type ConsentJson,
  type CookieConsentState,
} from '@store/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { consentInPage, earlyConsent, getConsent, loadAnalyticsScripts, putConsent } from './consent-api';

declare global {
  interface Window {
    /** The tag managers' queue; created only once analytics is allowed. */
    dataLayer?: unknown[];
  }
}

interface Consent {
  /** Null while the saved choice is being read. */
  readonly state: CookieConsentState | null;
  readonly dispatch: (event: CookieConsentEvent) => void;
  /** Sends an analytics event (spec 1 §7) if, and only if, analytics is allowed. */
  readonly track: (event: AnalyticsEventName, ecommerce?: BasketAnalyticsJson | null) => boolean;
}

const ConsentContext = createContext<Consent | null>(null);

/**
 * Makes a transition's calls in order: the server sends the analytics markup only to a browser whose
 * cookie allows it, so the allow call must have set that cookie before the markup is asked for.
 */
async function run(effects: readonly ConsentEffect[]): Promise<void> {
  try {
    for (const effect of effects) {
      if (effect.type === 'PUT') await putConsent(effect.path);
      else await loadAnalyticsScripts(effect.path);
    }
  } catch {
    // A consent call that fails leaves the choice shown on this page; the next visit asks again.
  }
}

/**
 * Cookie consent for the whole store (spec 1 §4): the saved choice read from the server, the
 * domain's state machine deciding each transition and the calls it needs, and analytics events
 * that reach the dataLayer only with consent.
 */
export function ConsentProvider({ children }: { readonly children: ReactNode }) {
  // The page carries the saved choice when the API served it: the first render has the notice.
  const [inPage] = useState(() => {
    const saved = consentInPage();
    return saved ? initialCookieConsent(saved) : null;
  });
  const [state, setState] = useState<CookieConsentState | null>(inPage);
  const current = useRef<CookieConsentState | null>(inPage);
  const loaded = useRef(false);

  const dispatch = useCallback((event: CookieConsentEvent) => {
    if (!current.current) return;
    const transition = cookieConsentReducer(current.current, event);
    const [first, ...rest] = transition.effects;
    if (first?.type !== 'PUT') {
      current.current = transition.state;
      setState(transition.state);
      void run(transition.effects);
      return;
    }
    // A choice hides the notice only once its one call has stored it: hidden sooner, a page load
    // before the answer would bring the notice back, the choice lost. A failed call leaves the
    // notice up to be tapped again.
    void putConsent(first.path).then((stored) => {
      if (stored === null) return;
      current.current = transition.state;
      setState(transition.state);
      void run(rest);
    });
  }, []);

  useEffect(() => {
    let live = true;
    const start = (initial: CookieConsentState) => {
      current.current = initial;
      setState(initial);
      void run(consentEffectsOnLoad(initial));
    };
    if (inPage) {
      // Once: the load effects (the analytics tag) must not run twice.
      if (current.current === inPage && !loaded.current) {
        loaded.current = true;
        start(inPage);
        // A tap on the notice drawn before the app started: a choice still being stored is taken
        // over when its answer comes (one that was already stored is in the page's tag), and a
        // tap on Manage cookies opens the dialog now.
        const early = earlyConsent();
        if (early?.choice)
          void early.choice.then((saved) => {
            // Taken over once, unless the page already started with it (or a later choice was made here).
            if (!saved || current.current?.viewed) return;
            const before = current.current;
            const chosen = { ...initialCookieConsent(saved), manageOpen: false };
            current.current = chosen;
            setState(chosen);
            if (before?.analytics !== true) void run(consentEffectsOnLoad(chosen));
          });
        else if (early?.manage && !early.choice) dispatch({ type: 'OPEN_MANAGE' });
      }
    } else
      getConsent()
        .catch((): ConsentJson => ({ analytics: null, viewed: false }))
        .then((saved) => {
          if (live) start(initialCookieConsent(saved));
        });
    return () => {
      live = false;
    };
  }, [inPage, dispatch]);

  const track = useCallback((event: AnalyticsEventName, ecommerce: BasketAnalyticsJson | null = null) => {
    if (!shouldSendAnalyticsEvent(event, current.current?.analytics ?? null)) return false;
    window.dataLayer ??= [];
    // Clear the previous ecommerce object first, as GA4's dataLayer guidance asks.
    window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push({ event, ecommerce });
    return true;
  }, []);

  const value = useMemo(() => ({ state, dispatch, track }), [state, dispatch, track]);
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): Consent {
  const consent = useContext(ConsentContext);
  if (!consent) throw new Error('useConsent needs a ConsentProvider');
  return consent;
}
