import { basketAnalytics, ErrorCatalogue, gatewayDescriptor, requiresWithdrawalConsent, Step, WITHDRAWAL_CONSENT_TEXT, type BasketJson, type CustomerJson, type SessionJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { determineGateway, BillingSection } from '../../billing';
import { PlaceOrderSection } from '../../orders';
import { TaxExemptionSection } from '../../tax-exemption';
import { useAppUi } from '../../../lib/app-ui';
import { useConsent } from '../../consent';
import { paymentGateway, useGatewayReload, usePaymentGatewaySetups } from '../../payments';
import { AccountSelector, AccountSummary, AccountTypeConfirmation, CreateAccountForm } from '../../identity';
import { CheckoutSection } from './checkout-section';
import { SectionPlaceholder } from '../../../lib/section-placeholder';
import { RESERVED_EMAIL_KEY, journeyFacts, journeySection, journeyStep, paysNothing, type ExemptionState, type JourneySectionId } from './journey-step';


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

export interface CheckoutJourneyProps {
  /** The session as the page renders it (deferred there), with a basket that has lines. */
  readonly data: SessionJson & { basket: BasketJson };
  /** The page's element: it names the current step in data-journey. */
  readonly page: RefObject<HTMLDivElement | null>;
}

/**
 * The checkout's sections after the basket: the account, its details, billing, the tax exemption,
 * payment and placing the order, with the journey's state. A chunk of its own, loaded once the page
 * has painted its heading and basket (see CheckoutPage): its forms, the payment gateways and their
 * set-up are what the shopper reaches next, never what the first paint shows.
 */
export function CheckoutJourney({ data, page }: CheckoutJourneyProps) {
  const locale = useLocale();
  const [search] = useSearchParams();
  const shownJourney = useRef<number | null>(null);
  const movedTo = useRef<HTMLElement | null>(null);
  const [reservedEmail, setReservedEmailState] = useState<string | null>(() => sessionStorage.getItem(RESERVED_EMAIL_KEY));
  const setReservedEmail = (email: string | null) => {
    if (email) sessionStorage.setItem(RESERVED_EMAIL_KEY, email);
    else sessionStorage.removeItem(RESERVED_EMAIL_KEY);
    setReservedEmailState(email);
  };
  const queryClient = useQueryClient();
  const { wait, notifyError } = useAppUi();
  const { track } = useConsent();
  const [exemption, setExemption] = useState<ExemptionState>({ answer: null, editing: false });
  const [gatewayUnavailable, setGatewayUnavailable] = useState(false);
  const [withdrawalConsent, setWithdrawalConsent] = useState(false);
  const facts = journeyFacts(data, search.get('stage'), exemption);
  // Billing moved the basket to the other provider: a fresh page sets it up, never this one.
  const reloadingForGateway = useGatewayReload(data.payment_gateway);
  const payment = usePaymentGatewaySetups(
    { basket: data.basket, customer: data.customer, locale },
    facts.paymentSetupWanted && !reloadingForGateway ? data.payment_gateway : null,
  );
  const updateSession = (change: Partial<SessionJson>) =>
    queryClient.setQueryData<SessionJson>(['session'], (current) => (current ? { ...current, ...change } : current));
  const { basket, customer } = data;
  const journey = journeyStep(data, facts, reservedEmail, payment.progress);

  // The page names its step (data-journey) before the browser paints it.
  useLayoutEffect(() => {
    const element = page.current;
    if (!element) return undefined;
    element.setAttribute('data-journey', String(journey));
    return () => element.removeAttribute('data-journey');
  }, [page, journey]);

  // After every render: the step just finished has usually removed the control that had the focus
  // (the email form's Continue, the sign-in form, billing's Continue, the certificate form), which
  // drops the focus on the body and leaves a screen reader silent. The section that is now open takes
  // it, by its heading, unless that section has already put the focus in one of its fields.
  // Not cancelled by the next render: the frame checks for itself that the focus is still lost, or
  // still on a heading this put it on (a step can pass through another on its way, as account
  // creation does while the session is read again).
  useEffect(() => {
    const previous = shownJourney.current;
    shownJourney.current = journey;
    if (previous === null || previous === journey) return;
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.isConnected && focused !== movedTo.current) return;
      const open = page.current?.querySelector<HTMLElement>('section[data-state="active"]:not([data-section="basket"]) .checkout-section__title') ?? null;
      open?.focus();
      movedTo.current = open;
    });
  });

  const basketHasMultiUserProduct = basket.lines.some((line) => line.is_multi_user);
  const gateway = data.payment_gateway;
  const free = paysNothing(basket);
  const { exemptionApplies, exemptionOpen } = facts;
  const section = (id: JourneySectionId) => journeySection(id, journey);

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
  const categories = data.customer_categories;

  return (
    <>
      <CheckoutSection {...section('account')}>
        <AccountSelector
          active={journey === Step.ACCOUNT_SELECTION}
          customer={customer}
          reservedEmail={customer ? null : reservedEmail}
          onReserved={setReservedEmail}
          locale={locale.urlFriendly}
        />
      </CheckoutSection>
      <CheckoutSection {...section('account-details')}>
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
            preferences={data.contact_preferences}
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
      <CheckoutSection {...section('billing-address')}>
        <BillingSection
          customer={customer}
          basketReference={basket.reference}
          active={journey === Step.BILLING_ADDRESS}
          defaultCountry={locale.homeCountry ?? ''}
          onSaved={billingSaved}
          onContinue={() => void decideGateway()}
          shippingRequired={basket.flags.shipping_is_required}
          notNeeded={free}
        />
      </CheckoutSection>
      {exemptionApplies && (
        <CheckoutSection {...section('tax-exemption')}>
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
      <CheckoutSection {...section('payment-details')}>
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
              // Before paying, EU, EEA and UK consumers agree to immediate supply; PLACE_ORDER sends it.
              <label className="choice withdrawal-consent">
                <input type="checkbox" required checked={withdrawalConsent} onChange={(event) => setWithdrawalConsent(event.target.checked)} />{' '}
                {WITHDRAWAL_CONSENT_TEXT}
              </label>
            )}
          </>
        ) : (
          <SectionPlaceholder notNeeded={free} />
        )}
      </CheckoutSection>
      <CheckoutSection {...section('place-order')}>
        <PlaceOrderSection basket={basket} customer={customer} locale={locale.urlFriendly} active={journey === Step.COMPLETE_ORDER && free} />
      </CheckoutSection>
    </>
  );
}
