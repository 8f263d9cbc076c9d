import { paymentRequestFailure, walletCodesValid } from '@store/domain';
import type { PaymentRequestComponent, PaymentRequestConfiguration } from 'braintree-web/payment-request';
import { useState } from 'react';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps } from '../../method';
import { failureCode, type WalletPayment } from '../../wallet-payment';

const STORE_NAME = 'Affinity Store';

const requestFor = (amount: string, currency: string): PaymentRequestConfiguration => ({
  details: { total: { label: STORE_NAME, amount: { currency, value: amount } } },
});

/**
 * The browser's own payment sheet (spec 3 §3): braintree-web's payment-request module asks for
 * basic-card and Google Pay with the account's card networks, and the browser shows what it can.
 */
function PaymentRequestButton({ component, payment }: { readonly component: PaymentRequestComponent; readonly payment: WalletPayment }) {
  const [open, setOpen] = useState(false);
  const pay = () => {
    if (open || !payment.ready()) return;
    setOpen(true);
    component
      .tokenize(requestFor(payment.amount, payment.currency))
      .then((payload) => payment.onNonce(payload.nonce))
      .catch((error: { code?: string }) => payment.onFailure(failureCode(paymentRequestFailure(error))))
      .finally(() => setOpen(false));
  };
  return (
    <button type="button" className="button wallet-button wallet-button--payment-request" onClick={pay} disabled={open} aria-busy={open}>
      Pay with your browser
    </button>
  );
}

function PaymentRequestPayment({ instance, chosen, payment }: MethodProps<PaymentRequestComponent>) {
  return chosen && instance ? <PaymentRequestButton component={instance} payment={payment.wallet()} /> : null;
}

/**
 * Offered where its flag is on and the browser has the Payment Request API and says it can pay with
 * one of the methods (canMakePayment); a browser that cannot (Chromium without Google's payment
 * handler, basic-card removed) never sees it.
 */
export const paymentRequestMethod = defineMethod<typeof import('braintree-web/payment-request'), PaymentRequestComponent>({
  key: 'payment-request',
  setUp: {
    what: 'Browser payment',
    load: ({ checkout }) => (checkout.payment_request && typeof window.PaymentRequest === 'function' ? import('braintree-web/payment-request') : null),
    make: async (module, client, { currency }) => {
      await yieldToMain();
      const component = await module.create({ client });
      // The question needs a total; the amount plays no part in the answer.
      const canPay = await component.canMakePayment(requestFor('0.00', currency)).catch(() => false);
      if (canPay) return component;
      await component.teardown();
      return null;
    },
  },
  offered: ({ checkout, country, currency, locale }, instance) =>
    checkout.payment_request && instance !== null && walletCodesValid({ countryCode: country, currencyCode: currency, language: locale.slice(0, 2) }),
  Component: PaymentRequestPayment,
});
