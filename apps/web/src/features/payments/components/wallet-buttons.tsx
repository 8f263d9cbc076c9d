import { walletFailure } from '@store/domain';
import type { ApplePay } from 'braintree-web/apple-pay';
import type { GooglePayment } from 'braintree-web/google-payment';
import { useEffect, useRef } from 'react';

export interface WalletPayment {
  /** The order's total as a decimal string, its currency and the billing country. */
  readonly amount: string;
  readonly currency: string;
  readonly country: string;
  /** Checks what must be checked before paying (the immediate-supply consent); false stops here. */
  readonly ready: () => boolean;
  /** PayPal only: the shopper chose to save the account (checkout with a billing agreement). */
  readonly saveAccount?: boolean;
  /** The wallet's nonce goes straight to placing the order (spec 2 §4: no 3-D Secure step). */
  readonly onNonce: (nonce: string) => void;
  /** A response code to show, or nothing for a quiet cancel. */
  readonly onFailure: (code: number | null) => void;
}

const STORE_NAME = 'Affinity Store';

/** Apple Pay (spec 2 §9: session version 3): merchant validation and tokenization through braintree-web. */
export function ApplePayButton({ applePay, payment }: { readonly applePay: ApplePay; readonly payment: WalletPayment }) {
  const pay = () => {
    const Session = window.ApplePaySession;
    if (!Session || !payment.ready()) return;
    const request = applePay.createPaymentRequest({
      total: { label: STORE_NAME, amount: payment.amount },
      countryCode: payment.country,
      currencyCode: payment.currency,
    });
    // Apple requires the session to begin in the click itself, before anything asynchronous.
    const session = new Session(3, request);
    session.onvalidatemerchant = (event) => {
      applePay
        .performValidation({ validationURL: event.validationURL, displayName: STORE_NAME })
        .then((merchantSession) => session.completeMerchantValidation(merchantSession))
        .catch(() => {
          session.abort();
          payment.onFailure(failureCode(walletFailure('apple-pay', null)));
        });
    };
    session.onpaymentauthorized = (event) => {
      applePay
        .tokenize({ token: event.payment.token })
        .then((payload) => {
          session.completePayment(Session.STATUS_SUCCESS);
          payment.onNonce(payload.nonce);
        })
        .catch((error: { code?: string }) => {
          session.completePayment(Session.STATUS_FAILURE);
          payment.onFailure(failureCode(walletFailure('apple-pay', error)));
        });
    };
    session.oncancel = () => payment.onFailure(failureCode(walletFailure('apple-pay', { code: 'CANCELED' })));
    session.begin();
  };
  return (
    <button type="button" className="button wallet-button wallet-button--apple-pay" onClick={pay}>
      Pay with Apple Pay
    </button>
  );
}

/** Google Pay (spec 2 §9: API version 2.0) with Google's own button; its nonce is read by braintree-web. */
export function GooglePayButton({
  googlePay,
  payment,
}: {
  readonly googlePay: { readonly instance: GooglePayment; readonly client: GooglePaymentsClient };
  readonly payment: WalletPayment;
}) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest(payment);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const button = googlePay.client.createButton({
      buttonColor: 'black',
      buttonType: 'pay',
      buttonSizeMode: 'fill',
      onClick: () => {
        const current = latest.current;
        if (!current.ready()) return;
        const request = googlePay.instance.createPaymentDataRequest({
          transactionInfo: { currencyCode: current.currency, countryCode: current.country, totalPriceStatus: 'FINAL', totalPrice: current.amount },
        });
        googlePay.client
          .loadPaymentData(request)
          .then((paymentData) => googlePay.instance.parseResponse(paymentData))
          .then((payload) => current.onNonce(payload.nonce))
          .catch((error: { code?: string; statusCode?: string }) => current.onFailure(failureCode(walletFailure('google-pay', error))));
      },
    });
    host.replaceChildren(button);
    return () => host.replaceChildren();
  }, [googlePay, latest]);
  return <div ref={container} className="wallet-button wallet-button--google-pay" />;
}

export const failureCode = (failure: ReturnType<typeof walletFailure>): number | null => (failure.kind === 'quiet' ? null : failure.code);

/**
 * The wallets' own buttons are made once and keep their click handlers, so those read the payment
 * as it is now (consent ticked since, basket changed) through this ref.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
