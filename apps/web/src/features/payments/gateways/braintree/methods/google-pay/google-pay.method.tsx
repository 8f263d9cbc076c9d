import { isGooglePayEnabled, walletCodesValid, walletFailure } from '@store/domain';
import type { GooglePayment } from 'braintree-web/google-payment';
import { useEffect, useRef } from 'react';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps } from '../../method';
import { failureCode, useLatest, type WalletPayment } from '../../wallet-payment';

/** Google's own Pay API script (spec 2 §6: Google Pay is offered only when it has loaded). */
const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';

interface GooglePay {
  readonly instance: GooglePayment;
  readonly client: GooglePaymentsClient;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing?.dataset.loaded === 'true') return resolve();
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

/** Google Pay (spec 2 §9: API version 2.0) with Google's own button; its nonce is read by braintree-web. */
function GooglePayButton({
  googlePay,
  payment,
}: {
  readonly googlePay: GooglePay;
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

function GooglePayPayment({ instance, chosen, payment }: MethodProps<GooglePay>) {
  return chosen && instance ? <GooglePayButton googlePay={instance} payment={payment.wallet()} /> : null;
}

/** Google Pay (spec 2 §9: API version 2.0): offered where its flag is on, Google's script has loaded and the country is not disabled. */
export const googlePayMethod = defineMethod<readonly [typeof import('braintree-web/google-payment'), void], GooglePay>({
  key: 'google-pay',
  setUp: {
    what: 'Google Pay',
    load: ({ checkout }) => (checkout.wallets.google_pay ? Promise.all([import('braintree-web/google-payment'), loadScript(GOOGLE_PAY_SCRIPT)]) : null),
    make: async ([module], client, { checkout }) => {
      const PaymentsClient = window.google?.payments.api.PaymentsClient;
      if (!PaymentsClient) return null;
      await yieldToMain();
      const instance = await module.create({ client, googlePayVersion: 2, googleMerchantId: checkout.google_merchant_id ?? undefined });
      // Spec 2 §9: Google Pay's test environment while the gateway is a sandbox.
      const paymentsClient = new PaymentsClient({ environment: checkout.environment === 'production' ? 'PRODUCTION' : 'TEST' });
      const ready = await paymentsClient.isReadyToPay({
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: instance.createPaymentDataRequest().allowedPaymentMethods,
      });
      return ready.result ? { instance, client: paymentsClient } : null;
    },
  },
  offered: ({ checkout, country, currency, locale }, instance) =>
    walletCodesValid({ countryCode: country, currencyCode: currency, language: locale.slice(0, 2) }) &&
    isGooglePayEnabled({ featureOn: checkout.wallets.google_pay, country, disabledCountries: checkout.disabled_google_pay_countries, libraryPresent: instance !== null }),
  Component: GooglePayPayment,
});
