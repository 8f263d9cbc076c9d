import { CheckoutSection } from '@store/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { useSession } from '../../basket/api/get-session';
import { BasketSummary } from './basket-summary';

/** The sections that follow the basket, in the order of spec 2 §2; later issues make them work. */
const LATER_SECTIONS = [
  { id: 'account', title: 'Your account' },
  { id: 'account-details', title: 'Account details' },
  { id: 'billing-address', title: 'Billing address' },
  { id: 'tax-exemption', title: 'Sales tax exemption' },
  { id: 'payment-details', title: 'Payment details' },
  { id: 'place-order', title: 'Place order' },
] as const;

export function CheckoutPage() {
  const locale = useLocale();
  const session = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const basket = session.data?.basket ?? null;
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

  return (
    <div className="page checkout">
      <h1 ref={heading} tabIndex={-1}>
        {basket.flags.is_free_download ? 'Your free download' : 'Your order summary'}
      </h1>
      <CheckoutSection id="basket" title="Basket" state="active">
        <BasketSummary basket={basket} locale={locale.canonical} />
      </CheckoutSection>
      {LATER_SECTIONS.map((section) => (
        <CheckoutSection key={section.id} id={section.id} title={section.title} state="read-only">
          <p className="checkout-section__placeholder">Available once the previous step is complete.</p>
        </CheckoutSection>
      ))}
    </div>
  );
}
