import { accountTypeConfirmedFor, allowedAccountTypes, chooseStep, findLocale, sectionState, Step } from '@store/domain';
import { CheckoutSection } from '@store/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { useSession } from '../../basket/api/get-session';
import { useAdoptCandidateBasket } from '../../basket/api/primary-basket';
import { BasketSection } from '../../basket/components/basket-section';
import { AccountSelector } from '../../identity/components/account-selector';
import { AccountSummary } from '../../identity/components/account-summary';
import { AccountTypeConfirmation } from '../../identity/components/account-type-confirmation';
import { CreateAccountForm } from '../../identity/components/create-account-form';

/** The sections after the account, in the order of spec 2 §2; later issues make them work. */
const LATER_SECTIONS = [
  { id: 'billing-address', title: 'Billing address', index: Step.BILLING_ADDRESS },
  { id: 'tax-exemption', title: 'Sales tax exemption', index: Step.TAX_EXEMPTION },
  { id: 'payment-details', title: 'Payment details', index: Step.PAYMENT_DETAILS },
  { id: 'place-order', title: 'Place order', index: Step.COMPLETE_ORDER },
] as const;

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

export function CheckoutPage() {
  const locale = useLocale();
  const session = useSession();
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const [reservedEmail, setReservedEmailState] = useState<string | null>(() => sessionStorage.getItem(RESERVED_EMAIL_KEY));
  const setReservedEmail = (email: string | null) => {
    if (email) sessionStorage.setItem(RESERVED_EMAIL_KEY, email);
    else sessionStorage.removeItem(RESERVED_EMAIL_KEY);
    setReservedEmailState(email);
  };
  useAdoptCandidateBasket(session.data);
  const basket = session.data?.basket ?? null;
  const customer = session.data?.customer ?? null;
  const isEmpty = session.isSuccess && (!basket || basket.lines.length === 0);

  useEffect(() => {
    if (session.isSuccess) heading.current?.focus();
  }, [session.isSuccess]);

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
  // A personal account cannot buy multi-user licences: the type must be confirmed again (spec 1 §4, §6).
  const typeFitsBasket = customer ? allowedAccountTypes(basketHasMultiUserProduct).includes(customer.account.type) : true;
  const journey = chooseStep({
    override: null,
    gateway: null,
    hasClientToken: false,
    hasEnvironment: false,
    signedIn: customer !== null,
    emailReserved: customer === null && reservedEmail !== null,
    accountTypeConfirmed: typeFitsBasket && accountTypeConfirmedFor(search.get('stage'), customer?.account.has_confirmed_account_type ?? false),
    hasPaymentSession: false,
    orderIsComplimentary: basket.order_is_complimentary,
    billingLine1Present: false,
    taxExemptionFormShown: false,
    hasPaymentSource: false,
  });
  const detailsState = journey === Step.CREATE_ACCOUNT || journey === Step.ACCOUNT_TYPE ? 'active' : sectionState(Step.ACCOUNT_TYPE, journey);
  const categories = session.data.customer_categories;

  return (
    <div className="page checkout" data-journey={journey}>
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
            detectedCountry={findLocale(locale.urlFriendly)?.region ?? null}
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
          <p className="checkout-section__placeholder">Available once the previous step is complete.</p>
        )}
      </CheckoutSection>
      {LATER_SECTIONS.map((section) => (
        <CheckoutSection key={section.id} id={section.id} title={section.title} state={sectionState(section.index, journey)}>
          <p className="checkout-section__placeholder">Available once the previous step is complete.</p>
        </CheckoutSection>
      ))}
    </div>
  );
}
