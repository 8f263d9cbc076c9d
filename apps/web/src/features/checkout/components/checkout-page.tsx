import { basketAnalytics, Step, type BasketJson, type CustomerJson, type SectionState, type SessionJson } from '@store/domain';
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/get-session';
import { useAdoptCandidateBasket, BasketSection } from '../../basket';
import { useConsent } from '../../consent';
import { afterNextPaint } from '../../../lib/yield-to-main';
import { CheckoutSection } from './checkout-section';
import { SectionPlaceholder } from '../../../lib/section-placeholder';
import { JOURNEY_SECTIONS, journeyFacts, journeySectionStates, journeyStep, NOTHING_SET_UP, paysNothing, RESERVED_EMAIL_KEY, type JourneySectionId } from './journey-step';


/**
 * The sections after the basket (the account and sign-in forms, billing, the tax exemption, the
 * payment gateways, placing the order) are a chunk of their own. The page's first paint, its heading
 * and basket, needs only this module and the basket's: on a phone-speed connection and CPU, all of
 * the checkout's code (211 kB, 68 kB gzip, beyond the store page's) held that paint back while it
 * downloaded and ran (Lighthouse, a returning shopper: LCP 2.7–2.8 s). The chunk is asked for once
 * the basket has painted, so the step the shopper reaches next is ready a moment later.
 */
const loadJourney = () => import('./checkout-journey');
const CheckoutJourney = lazy(async () => ({ default: (await loadJourney()).CheckoutJourney }));

/**
 * What a section after the basket shows at the step the page opens at, when that is only the
 * placeholder line (as each section's own component decides): then the reserve can show it too.
 */
function placeholderOnly(id: JourneySectionId, state: SectionState, journey: number, customer: CustomerJson | null, free: boolean): boolean {
  const signedIn = customer !== null;
  switch (id) {
    case 'account-details':
      return !signedIn && journey !== Step.CREATE_ACCOUNT;
    case 'billing-address':
      return !signedIn || (state !== 'active' && !(customer.billing?.line_1 && customer.billing.postal_code));
    case 'payment-details':
      return journey !== Step.PAYMENT_DETAILS;
    case 'place-order':
      return !(state === 'active' && signedIn && free);
    default:
      return state === 'read-only';
  }
}

/**
 * Where the sections after the basket go while their code arrives: each section's frame, with its
 * title and its state at the step the page opens at (no gateway is set up before the basket has
 * painted), so the page keeps its shape when they come. A section that will only say it is not yet
 * its turn says so already; one that will show a form or a summary keeps room for it.
 */
function JourneyReserve({ data, stage }: { readonly data: SessionJson & { basket: BasketJson }; readonly stage: string | null }) {
  const facts = journeyFacts(data, stage, { answer: null, editing: false });
  const journey = journeyStep(data, facts, sessionStorage.getItem(RESERVED_EMAIL_KEY), NOTHING_SET_UP);
  const states = journeySectionStates(journey);
  const free = paysNothing(data.basket);
  return (
    <>
      {JOURNEY_SECTIONS.filter((section) => section.id !== 'tax-exemption' || facts.exemptionApplies).map(({ id, title }) => (
        <CheckoutSection key={id} id={id} title={title} state={states[id]}>
          {placeholderOnly(id, states[id], journey, data.customer, free) ? (
            <SectionPlaceholder notNeeded={free && (id === 'billing-address' || id === 'payment-details')} />
          ) : (
            <div className={`checkout-section__reserved checkout-section__reserved--${states[id]}`} aria-busy="true" />
          )}
        </CheckoutSection>
      ))}
    </>
  );
}

export function CheckoutPage() {
  const locale = useLocale();
  // The whole checkout renders from the session. Its answer arrives through the query cache, which
  // React renders at once, in one piece: deferred, the checkout's render with it is a transition that
  // React splits into slices and the browser gets turns in between (some 100 ms on a phone).
  const session = useDeferredValue(useSession());
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page: the sections after the basket name its step in data-journey and move the focus in it.
  const checkoutPage = useRef<HTMLDivElement>(null);
  useAdoptCandidateBasket(session.data);
  const { state: consent, track } = useConsent();
  const viewedCart = useRef<string | null>(null);
  const sessionBasket = session.data?.basket ?? null;
  // view_cart once per basket shown on this page, as soon as consent is known (spec 1 §7).
  useEffect(() => {
    if (!sessionBasket || sessionBasket.lines.length === 0 || consent === null || viewedCart.current === sessionBasket.reference) return;
    if (track('view_cart', basketAnalytics(sessionBasket))) viewedCart.current = sessionBasket.reference;
  }, [sessionBasket, consent, track]);
  const basket = session.data?.basket ?? null;
  const isEmpty = session.isSuccess && (!basket || basket.lines.length === 0);
  const hasLines = session.isSuccess && !isEmpty;
  // The sections after the basket, once the frame with the basket has been shown (see loadJourney):
  // a frame later than its paint, since asking for the chunk and its preloads is a task's work of its
  // own (some 20 ms on a fast machine, Lighthouse's traces), which right after the paint came before
  // the browser had shown it.
  const [journeyWanted, setJourneyWanted] = useState(false);
  useEffect(() => {
    if (!hasLines || journeyWanted) return undefined;
    let cancelLoad = () => {};
    const cancelFrame = afterNextPaint(() => {
      cancelLoad = afterNextPaint(() => {
        void loadJourney();
        startTransition(() => setJourneyWanted(true));
      });
    });
    return () => {
      cancelFrame();
      cancelLoad();
    };
  }, [hasLines, journeyWanted]);

  useEffect(() => {
    if (!session.isSuccess) return;
    // In the next frame: focusing makes the browser lay out the whole page there and then, which
    // belongs with that frame's rendering, not in the task that has just drawn the basket.
    const frame = requestAnimationFrame(() => {
      // A section that has put the focus in itself meanwhile (the billing form, opened by stage=billing) keeps it.
      const page = heading.current?.parentElement;
      if (page && document.activeElement && page.contains(document.activeElement)) return;
      heading.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [session.isSuccess]);

  // In the page's frame, as the basket will be: a bare paragraph's margin pushed the whole main area
  // down, and it moved back up when the basket came (a layout shift, now that this module is small
  // enough to run before the session's answer is in).
  if (session.isPending) {
    return (
      <div className="page checkout">
        <p role="status">Loading your basket…</p>
      </div>
    );
  }
  if (session.isError) {
    return (
      <p role="alert" className="notice notice--error">
        {session.error.message}
      </p>
    );
  }

  if (isEmpty || !basket) {
    return (
      <div className="page checkout checkout--empty">
        <h1 ref={heading} tabIndex={-1}>
          Your basket is empty
        </h1>
        <p>
          <Link to={`/${locale.urlFriendly}/`}>Browse the store</Link>
        </p>
      </div>
    );
  }

  const data = { ...session.data, basket };
  const reserve = <JourneyReserve data={data} stage={search.get('stage')} />;
  return (
    <div ref={checkoutPage} className="page checkout">
      <h1 ref={heading} tabIndex={-1}>
        {basket.flags.is_free_download ? 'Your free download' : 'Your order summary'}
      </h1>
      <CheckoutSection id="basket" title="Basket" state="active">
        <BasketSection key={basket.reference} basket={basket} locale={locale.canonical} storePath={`/${locale.urlFriendly}/`} />
      </CheckoutSection>
      {journeyWanted ? (
        <Suspense fallback={reserve}>
          <CheckoutJourney data={data} page={checkoutPage} />
        </Suspense>
      ) : (
        reserve
      )}
    </div>
  );
}
