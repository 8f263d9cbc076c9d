import {
  accountTypeConfirmedFor,
  basketAnalytics,
  allowedAccountTypes,
  chooseStep,
  ErrorCatalogue,
  gatewayDescriptor,
  requiresWithdrawalConsent,
  sectionState,
  showsTaxExemption,
  Step,
  WITHDRAWAL_CONSENT_TEXT,
  type CustomerJson,
  type SessionJson,
} from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/get-session';
import { useAdoptCandidateBasket, BasketSection } from '../../basket';
import { determineGateway, BillingSection } from '../../billing';
import { PlaceOrderSection } from '../../orders';
import { TaxExemptionSection, type ExemptionAnswer } from '../../tax-exemption';
import { useAppUi } from '../../../lib/app-ui';
import { useConsent } from '../../consent';
import { paymentGateway, useGatewayReload, usePaymentGatewaySetups } from '../../payments';
import { AccountSelector, AccountSummary, AccountTypeConfirmation, CreateAccountForm } from '../../identity';
import { CheckoutSection } from './checkout-section';
import { SectionPlaceholder } from '../../../lib/section-placeholder';

const RESERVED_EMAIL_KEY = 'afs_reserved_email';

/**
 * Safari (not Chrome, not Android) reloads with stage=billing after account creation (spec 2 §4), so
 * it stores the new session cookie before the next call; stage=billing counts the type as confirmed.
 */
function reloadInSafariAtBilling(): void {
  const agent = navigator.userAgent;
  if (!/Safari\//.test(agent) || /Chrome\/|Chromium\/|CriOS\/|Android/.test(agent)) return;
  const url = new URL(window.location.href);
  url.searchParams.set('stage', 'billing');
  window.location.replace(url.toString());
}

/**
 * What the journey knows from the session and the exemption answer: read once for the gateways'
 * set-ups (which must start before the page's early returns) and for the page itself.
 */
function journeyFacts(data: SessionJson | undefined, stage: string | null, exemption: { answer: ExemptionAnswer | null; editing: boolean }) {
  const customer = data?.customer ?? null;
  const basket = data?.basket ?? null;
  // A personal account cannot buy multi-user licences: the type must be confirmed again (spec 1 §4, §6).
  const typeFitsBasket = customer && basket ? allowedAccountTypes(basket.lines.some((line) => line.is_multi_user)).includes(customer.account.type) : true;
  const typeConfirmed = typeFitsBasket && accountTypeConfirmedFor(stage, customer?.account.has_confirmed_account_type ?? false);
  const billingPresent = Boolean(customer?.billing?.line_1);
  // The exemption block shows after billing for US organisations paying the merchant of record, until
  // answered (spec 2 §4); a complimentary order hides it.
  const exemptionApplies = Boolean(
    customer?.billing &&
      basket &&
      typeConfirmed &&
      showsTaxExemption({
        billingCountry: customer.billing.country,
        accountType: customer.account.type,
        gateway: data?.payment_gateway ?? null,
        orderIsComplimentary: basket.order_is_complimentary,
      }),
  );
  const exemptionOpen = exemptionApplies && (exemption.answer === null || exemption.editing);
  // Spec 2 §2 rules 2 and 6, §4: the basket's gateway is set up once billing chose it and no exemption
  // question is open (the merchant of record's checkout comes after the exemption answer for US organisations).
  const paymentSetupWanted = Boolean(customer && basket && billingPresent && typeConfirmed && !exemptionOpen);
  return { typeConfirmed, billingPresent, exemptionApplies, exemptionOpen, paymentSetupWanted };
}

export function CheckoutPage() {
  const locale = useLocale();
  // The whole checkout renders from the session. Its answer arrives through the query cache, which
  // React renders at once, in one piece: deferred, the checkout's render with it is a transition that
  // React splits into slices and the browser gets turns in between (issue 12: some 100 ms on a phone).
  const session = useDeferredValue(useSession());
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page (it names its step in data-journey), the step it showed before, and the heading the
  // focus was last moved to, for moving the focus when the step changes.
  const checkoutPage = useRef<HTMLDivElement>(null);
  const shownJourney = useRef<string | null>(null);
  const movedTo = useRef<HTMLElement | null>(null);
  const [reservedEmail, setReservedEmailState] = useState<string | null>(() => sessionStorage.getItem(RESERVED_EMAIL_KEY));
  const setReservedEmail = (email: string | null) => {
    if (email) sessionStorage.setItem(RESERVED_EMAIL_KEY, email);
    else sessionStorage.removeItem(RESERVED_EMAIL_KEY);
    setReservedEmailState(email);
  };
  useAdoptCandidateBasket(session.data);
  const queryClient = useQueryClient();
  const { wait, notifyError } = useAppUi();
  const { state: consent, track } = useConsent();
  const viewedCart = useRef<string | null>(null);
  const sessionBasket = session.data?.basket ?? null;
  // view_cart once per basket shown on this page, as soon as consent is known (spec 1 §7).
  useEffect(() => {
    if (!sessionBasket || sessionBasket.lines.length === 0 || consent === null || viewedCart.current === sessionBasket.reference) return;
    if (track('view_cart', basketAnalytics(sessionBasket))) viewedCart.current = sessionBasket.reference;
  }, [sessionBasket, consent, track]);
  const [exemption, setExemption] = useState<{ answer: ExemptionAnswer | null; editing: boolean }>({ answer: null, editing: false });
  const [gatewayUnavailable, setGatewayUnavailable] = useState(false);
  const [withdrawalConsent, setWithdrawalConsent] = useState(false);
  const facts = journeyFacts(session.data, search.get('stage'), exemption);
  // Billing moved the basket to the other provider: a fresh page sets it up, never this one.
  const reloadingForGateway = useGatewayReload(session.data?.payment_gateway ?? null);
  const payment = usePaymentGatewaySetups(
    { basket: session.data?.basket ?? null, customer: session.data?.customer ?? null, locale },
    facts.paymentSetupWanted && !reloadingForGateway ? (session.data?.payment_gateway ?? null) : null,
  );
  const updateSession = (change: Partial<SessionJson>) =>
    queryClient.setQueryData<SessionJson>(['session'], (current) => (current ? { ...current, ...change } : current));
  const basket = session.data?.basket ?? null;
  const customer = session.data?.customer ?? null;
  const isEmpty = session.isSuccess && (!basket || basket.lines.length === 0);

  useEffect(() => {
    if (!session.isSuccess) return;
    // In the next frame: focusing makes the browser lay out the whole page there and then, which
    // belongs with that frame's rendering, not in the task that has just drawn the basket (issue 12).
    const frame = requestAnimationFrame(() => {
      // A section that has put the focus in itself meanwhile (the billing form, opened by stage=billing) keeps it.
      const page = heading.current?.parentElement;
      if (page && document.activeElement && page.contains(document.activeElement)) return;
      heading.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [session.isSuccess]);

  // After every render: the step is worked out below the early returns, so it is read from the page.
  useEffect(() => {
    const previous = shownJourney.current;
    const journeyNow = checkoutPage.current?.dataset.journey ?? null;
    shownJourney.current = journeyNow;
    if (previous === null || journeyNow === null || previous === journeyNow) return;
    // The step just finished has usually removed the control that had the focus (the email form's
    // Continue, the sign-in form, billing's Continue, the certificate form), which drops the focus on
    // the body and leaves a screen reader silent. The section that is now open takes it, by its heading,
    // unless that section has already put the focus in one of its fields.
    // Not cancelled by the next render: the frame checks for itself that the focus is still lost, or
    // still on a heading this put it on (a step can pass through another on its way, as account
    // creation does while the session is read again).
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.isConnected && focused !== movedTo.current) return;
      const open = checkoutPage.current?.querySelector<HTMLElement>('section[data-state="active"]:not([data-section="basket"]) .checkout-section__title') ?? null;
      open?.focus();
      movedTo.current = open;
    });
  });

  if (session.isPending) return <p role="status">Loading your basket…</p>;
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

  const basketHasMultiUserProduct = basket.lines.some((line) => line.is_multi_user);
  const gateway = session.data.payment_gateway;
  const paysNothing = basket.order_is_complimentary || (basket.pricing.total_with_discount_applied ?? basket.pricing.total).gross.amount_minor === 0;
  const { typeConfirmed, billingPresent, exemptionApplies, exemptionOpen } = facts;
  const { progress } = payment;
  let journey = chooseStep({
    override: exemptionOpen ? Step.TAX_EXEMPTION : null,
    gateway,
    hasClientToken: progress.hasClientToken,
    hasEnvironment: progress.hasEnvironment,
    signedIn: customer !== null,
    emailReserved: customer === null && reservedEmail !== null,
    accountTypeConfirmed: typeConfirmed,
    hasPaymentSession: progress.hasPaymentSession,
    // A free download pays nothing either, so it skips billing like a complimentary order (issue 8).
    orderIsComplimentary: paysNothing,
    billingLine1Present: billingPresent,
    taxExemptionFormShown: exemptionOpen,
    hasPaymentSource: progress.hasPaymentSource,
  });
  // Our choice, until payment setup exists (the payment issues): once billing has chosen a gateway
  // the journey moves on to payment, or to placing a free order.
  if (journey === Step.BILLING_ADDRESS && billingPresent && gateway !== null) journey = gateway === 'complimentary' ? Step.COMPLETE_ORDER : Step.PAYMENT_DETAILS;

  /** After billing (spec 2 §4): the gateway is determined, then the exemption block or payment. */
  const decideGateway = async () => {
    try {
      const decision = await wait('updating-checkout', () => determineGateway(basket.reference));
      setGatewayUnavailable(decision.gateway === null);
      setExemption({ answer: null, editing: false });
      updateSession({ payment_gateway: decision.gateway });
      // Spec 2 §4: after billing the basket is read again (the server may have corrected it).
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (error) {
      notifyError(error);
    }
  };
  const billingSaved = (saved: CustomerJson) => {
    // Spec 2 §4: a billing change resets the payment state; the next set-up makes a fresh checkout.
    payment.reset();
    updateSession({ customer: saved, payment_gateway: null });
    // Our choice: for downloads the billing address is the nearest thing to GA4's shipping details.
    track('add_shipping_info', basketAnalytics(basket));
    void decideGateway();
  };
  // The basket's gateway, when it takes money, and its set-up: its section is rendered without naming it.
  const payingGateway = paymentGateway(gateway);
  const paymentSetup = payingGateway ? payment.setups.get(payingGateway.descriptor.key) : undefined;
  const detailsState = journey === Step.CREATE_ACCOUNT || journey === Step.ACCOUNT_TYPE ? 'active' : sectionState(Step.ACCOUNT_TYPE, journey);
  const categories = session.data.customer_categories;

  return (
    <div ref={checkoutPage} className="page checkout" data-journey={journey}>
      <h1 ref={heading} tabIndex={-1}>
        {basket.flags.is_free_download ? 'Your free download' : 'Your order summary'}
      </h1>
      <CheckoutSection id="basket" title="Basket" state="active">
        <BasketSection key={basket.reference} basket={basket} locale={locale.canonical} storePath={`/${locale.urlFriendly}/`} />
      </CheckoutSection>
      <CheckoutSection id="account" title="Your account" state={sectionState(Step.ACCOUNT_SELECTION, journey)}>
        <AccountSelector
          active={journey === Step.ACCOUNT_SELECTION}
          customer={customer}
          reservedEmail={customer ? null : reservedEmail}
          onReserved={setReservedEmail}
          locale={locale.urlFriendly}
        />
      </CheckoutSection>
      <CheckoutSection id="account-details" title="Account details" state={detailsState}>
        {journey === Step.CREATE_ACCOUNT && reservedEmail ? (
          <CreateAccountForm
            email={reservedEmail}
            basketReference={basket.reference}
            basketHasMultiUserProduct={basketHasMultiUserProduct}
            detectedCountry={locale.homeCountry}
            categories={{ business: categories.business_categories, education: categories.education_categories }}
            onCreated={() => {
              setReservedEmail(null);
              reloadInSafariAtBilling();
            }}
          />
        ) : customer && journey === Step.ACCOUNT_TYPE ? (
          <AccountTypeConfirmation
            customer={customer}
            preferences={session.data.contact_preferences}
            categories={categories}
            basketReference={basket.reference}
            basketHasMultiUserProduct={basketHasMultiUserProduct}
          />
        ) : customer ? (
          <AccountSummary customer={customer} categories={categories} />
        ) : (
          <SectionPlaceholder />
        )}
      </CheckoutSection>
      <CheckoutSection id="billing-address" title="Billing address" state={sectionState(Step.BILLING_ADDRESS, journey)}>
        <BillingSection
          customer={customer}
          basketReference={basket.reference}
          active={journey === Step.BILLING_ADDRESS}
          defaultCountry={locale.homeCountry ?? ''}
          onSaved={billingSaved}
          onContinue={() => void decideGateway()}
          shippingRequired={basket.flags.shipping_is_required}
          notNeeded={paysNothing}
        />
      </CheckoutSection>
      {exemptionApplies && (
        <CheckoutSection id="tax-exemption" title="Sales tax exemption" state={sectionState(Step.TAX_EXEMPTION, journey)}>
          <TaxExemptionSection
            active={exemptionOpen}
            answer={exemption.answer}
            locale={locale.urlFriendly}
            onAnswered={(answer) => setExemption({ answer, editing: false })}
            onChange={() => {
              payment.reset();
              setExemption((current) => ({ ...current, editing: true }));
            }}
          />
        </CheckoutSection>
      )}
      <CheckoutSection id="payment-details" title="Payment details" state={sectionState(Step.PAYMENT_DETAILS, journey)}>
        {gatewayUnavailable ? (
          <p className="notice notice--error" role="alert" data-testid="gateway-unavailable">
            {ErrorCatalogue.PAYMENT_GATEWAYS_UNAVAILABLE.message}
          </p>
        ) : payingGateway && paymentSetup && customer && payingGateway.shows(paymentSetup, journey === Step.PAYMENT_DETAILS) ? (
          <payingGateway.Section
            setup={paymentSetup}
            basket={basket}
            customer={customer}
            locale={locale.urlFriendly}
            active={journey === Step.PAYMENT_DETAILS}
            consentRequired={Boolean(customer.billing && requiresWithdrawalConsent(customer.billing.country))}
          />
        ) : journey === Step.PAYMENT_DETAILS && gateway ? (
          <>
            <p data-testid="payment-gateway">You will pay with {gatewayDescriptor(gateway).paysWith}.</p>
            {customer?.billing && requiresWithdrawalConsent(customer.billing.country) && (
              // Before paying, EU, EEA and UK consumers agree to immediate supply (issue 8); PLACE_ORDER sends it.
              <label className="choice withdrawal-consent">
                <input type="checkbox" required checked={withdrawalConsent} onChange={(event) => setWithdrawalConsent(event.target.checked)} />{' '}
                {WITHDRAWAL_CONSENT_TEXT}
              </label>
            )}
          </>
        ) : (
          <SectionPlaceholder notNeeded={paysNothing} />
        )}
      </CheckoutSection>
      <CheckoutSection id="place-order" title="Place order" state={sectionState(Step.COMPLETE_ORDER, journey)}>
        <PlaceOrderSection basket={basket} customer={customer} locale={locale.urlFriendly} active={journey === Step.COMPLETE_ORDER && paysNothing} />
      </CheckoutSection>
    </div>
  );
}
