import { CARD_GATEWAY, ErrorCatalogue } from '@store/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { useAppUi } from '../../../../lib/app-ui';
import { useLocale } from '../../../../lib/locale';
import { cancelLocalPayment, usePlaceOrder } from '../../../orders';
import { fetchCardCheckout } from './api';
import { takePayment, type KeptLocalPayment } from './methods/local-payment/kept-payment';
import { localPaymentFailure, providerCodeOf } from './methods/local-payment/local-payment';

/** Spec 3 §2: the query parameters a local payment's return page reads. */
const RETURN_PARAMETERS = ['btLpToken', 'btLpPaymentId', 'btLpPayerId', 'wasCanceled', 'errorcode', 'token', 'paymentId', 'PayerID'] as const;

/** Return pages already finishing in this document (each payment is finished once, whatever React re-runs). */
const finishing = new Set<string>();
/** The kept payment of each return address, taken from the tab once. */
const taken = new Map<string, KeptLocalPayment | null>();
const keptFor = (search: string): KeptLocalPayment | null => {
  if (!taken.has(search)) taken.set(search, takePayment());
  return taken.get(search) ?? null;
};

/**
 * /{locale}/checkout/local-payment/: where the provider's page sends the shopper back in the
 * redirect flow (and the popup's fallback). It tokenizes the return with braintree-web's own
 * local-payment module (spec 3 §4: a cancel or error query rejects, anything else gives the
 * nonce), then places the order the checkout reserved, kept in this tab; a cancel or error ends that
 * order and the shopper is back at the checkout's payment step with the reason.
 */

/** The payment was approved and is being charged, or already paid, by the provider's notification. */
const paidElsewhere = (error: unknown) =>
  error instanceof ApiError && [ErrorCatalogue.LOCAL_PAYMENT_COMPLETING.code, ErrorCatalogue.ORDER_ALREADY_COMPLETE.code].includes(error.code);

export function LocalPaymentReturnPage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const { notify } = useAppUi();
  const { place } = usePlaceOrder();
  const [kept] = useState(() => keptFor(window.location.search));
  const lost = kept === null;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    const search = window.location.search;
    if (!kept || finishing.has(search)) return;
    finishing.add(search);
    const query = new URLSearchParams(search);
    const params = Object.fromEntries(RETURN_PARAMETERS.flatMap((name) => (query.has(name) ? [[name, query.get(name) ?? '']] : [])));
    void finish(kept, params);

    async function finish(payment: KeptLocalPayment, returned: Record<string, string>) {
      const checkout = `/${payment.urlLocale}/checkout/`;
      let nonce: string;
      try {
        const setUp = await fetchCardCheckout(payment.fields.basket_reference_id);
        const [clientModule, localPaymentModule] = await Promise.all([import('braintree-web/client'), import('braintree-web/local-payment')]);
        const client = await clientModule.create({ authorization: setUp.client_token });
        const instance = await localPaymentModule.create({ client, redirectUrl: `${window.location.origin}${window.location.pathname}` });
        nonce = (await instance.tokenize(returned)).nonce;
      } catch (error) {
        const failure = localPaymentFailure(providerCodeOf(error));
        try {
          await cancelLocalPayment(payment.orderNumber, failure.reason ?? 'failed');
        } catch (refusal) {
          if (paidElsewhere(refusal)) {
            // Approved after all, and being charged or paid by the provider's notification (which
            // can beat the shopper's return): the order's page shows it.
            navigate(payment.orderPage, { replace: true });
            return;
          }
        }
        notify(failure.code);
        navigate(checkout, { replace: true });
        return;
      }
      try {
        await place(
          {
            ...payment.fields,
            payment_facilitator: CARD_GATEWAY.key,
            payment_method_type: payment.method,
            token: nonce,
            vault_payment_method: false,
            existing_order_number: payment.orderNumber,
          },
          'retail-order',
        );
      } catch (error) {
        // Charged meanwhile by the provider's notification: the order's page shows it. Any other
        // failure is shown by the place-order call, and the checkout offers the ways to pay again.
        navigate(paidElsewhere(error) ? payment.orderPage : checkout, { replace: true });
      }
    }
  }, [kept, navigate, notify, place]);

  return (
    <div className="page local-payment-return">
      <h1 ref={heading} tabIndex={-1}>
        {lost ? 'We could not finish this payment here' : 'Finishing your payment'}
      </h1>
      {lost ? (
        <>
          <p role="alert">
            This page was opened without the payment it returns from (it is finished in the tab where you started it). If you approved the payment, your order
            is completed as soon as your bank confirms it.
          </p>
          <p>
            <Link to={`/${locale.urlFriendly}/account/orders/`}>See your orders</Link> or <Link to={`/${locale.urlFriendly}/checkout/`}>return to the checkout</Link>.
          </p>
        </>
      ) : (
        <p role="status">Please wait while we confirm your payment with your bank…</p>
      )}
    </div>
  );
}
