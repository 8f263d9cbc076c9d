import { formatMoney, money } from '@store/domain';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { useLocale } from '../../lib/locale';
import { CustomerOnly } from '../../lib/customer-only';
import { OrderLines, OrderRefunds, orderTotal } from './order-lines';
import { useOrder, type OrderJson } from './orders-api';
import {
  awaitsBank,
  BANK_RETURNED,
  BankAccountLine,
  BankDebitDeclined,
  bankDebitDeclined,
  BankDebitReturned,
  bankDebitReturned,
  bankDebitSettling,
  BankWait,
  WAITING_FOR_BANK,
} from './bank-debit-wait';
import { awaitsPayment, PaymentEnded, PaymentWait, PAYMENT_POLL_MS, paymentEndedUnpaid, WAITING_FOR_PAYMENT } from './payment-wait';

/** /{locale}/order/{number}/: the order confirmation (issue 8): what was bought, downloads, keys, the receipt. */
export function OrderConfirmationPage() {
  const { number = '' } = useParams();
  return <CustomerOnly>{(customer) => <Confirmation number={number} email={customer.email} />}</CustomerOnly>;
}

function Confirmation({ number, email }: { readonly number: string; readonly email: string }) {
  const locale = useLocale();
  const order = useOrder(number, awaitsAnswer, PAYMENT_POLL_MS);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = order.data?.order;
  // What the page is about: waiting, ended unpaid or confirmed. The heading takes focus when it changes.
  const stage = !data
    ? null
    : awaitsPayment(data)
      ? 'waiting'
      : paymentEndedUnpaid(data)
        ? 'ended'
        : awaitsBank(data)
          ? 'bank-waiting'
          : bankDebitDeclined(data)
            ? 'bank-declined'
            : bankDebitReturned(data)
              ? 'bank-returned'
              : 'confirmed';
  useEffect(() => {
    if (stage) heading.current?.focus();
  }, [stage]);
  if (order.isPending) return <p role="status">Loading your order…</p>;
  if (order.isError) {
    return (
      <p role="alert" className="notice notice--error">
        {order.error.message}
      </p>
    );
  }
  const shown = order.data.order;
  if (shown.local_payment && stage === 'waiting') {
    return (
      <div className="page order-confirmation">
        <h1 ref={heading} tabIndex={-1}>
          {WAITING_FOR_PAYMENT}
        </h1>
        <p>
          Order number <strong data-testid="order-number">{shown.number}</strong> · Total {orderTotal(shown, locale.canonical)}
        </p>
        <PaymentWait payment={shown.local_payment} />
      </div>
    );
  }
  if (shown.local_payment && stage === 'ended') {
    return (
      <div className="page order-confirmation">
        <h1 ref={heading} tabIndex={-1}>
          Your payment did not go through
        </h1>
        <p>
          Order number <strong data-testid="order-number">{shown.number}</strong> · Total {orderTotal(shown, locale.canonical)}
        </p>
        <PaymentEnded payment={shown.local_payment} checkoutPath={`/${locale.urlFriendly}/checkout/`} />
      </div>
    );
  }
  if (stage === 'bank-waiting' || stage === 'bank-declined' || stage === 'bank-returned') {
    return (
      <div className="page order-confirmation">
        <h1 ref={heading} tabIndex={-1}>
          {stage === 'bank-waiting' ? WAITING_FOR_BANK : stage === 'bank-declined' ? 'Your bank declined the payment' : BANK_RETURNED}
        </h1>
        <p>
          Order number <strong data-testid="order-number">{shown.number}</strong> · Total {orderTotal(shown, locale.canonical)}
        </p>
        <BankAccountLine debit={shown.bank_debit} />
        {stage === 'bank-waiting' ? (
          <BankWait />
        ) : stage === 'bank-declined' ? (
          <BankDebitDeclined checkoutPath={`/${locale.urlFriendly}/checkout/`} />
        ) : (
          <BankDebitReturned storePath={`/${locale.urlFriendly}/`} />
        )}
      </div>
    );
  }
  return <Confirmed data={shown} email={email} heading={heading} />;
}

/** The page keeps asking while the provider or the bank has still to answer. */
const awaitsAnswer = (order: OrderJson): boolean => awaitsPayment(order) || awaitsBank(order);

function Confirmed({ data, email, heading }: { readonly data: OrderJson; readonly email: string; readonly heading: RefObject<HTMLHeadingElement | null> }) {
  const locale = useLocale();
  return (
    <div className="page order-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Thank you for your order
      </h1>
      <p>
        Order number <strong data-testid="order-number">{data.number}</strong> · Total {orderTotal(data, locale.canonical)} ·{' '}
        {data.tax_inclusive ? 'including tax' : 'tax'} <span data-testid="order-tax">{formatMoney(money(data.total.tax, data.currency), locale.canonical)}</span>
      </p>
      {data.voucher && (
        <p data-testid="order-voucher">
          Paid with voucher <strong>{data.voucher.code}</strong>: {formatMoney(money(data.voucher.amount, data.currency), locale.canonical)} · Amount paid:{' '}
          {formatMoney(money(data.amount_charged, data.currency), locale.canonical)}
          {data.voucher.balance_left !== null && (
            <> · Balance left on voucher: {formatMoney(money(data.voucher.balance_left, data.currency), locale.canonical)}</>
          )}
        </p>
      )}
      <BankAccountLine debit={data.bank_debit} />
      <p>We have sent a receipt to {email}.</p>
      {bankDebitSettling(data) && <p data-testid="bank-settling">Your bank debit is still settling; it usually takes 2 to 5 business days.</p>}
      {data.delivery_address && (
        <p data-testid="order-delivery">
          We will post your order to: {data.delivery_address}
        </p>
      )}
      <OrderLines order={data} locale={locale.canonical} />
      <OrderRefunds order={data} locale={locale.canonical} />
      <p>
        <Link to={`/${locale.urlFriendly}/account/downloads/`}>All your downloads and product keys</Link>
      </p>
    </div>
  );
}
