import { isApplePayEnabled, walletCodesValid, walletFailure } from '@store/domain';
import type { ApplePay } from 'braintree-web/apple-pay';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps } from '../../method';
import { failureCode, type WalletPayment } from '../../wallet-payment';

const STORE_NAME = 'Affinity Store';

/** Apple Pay (spec 2 §9: session version 3): merchant validation and tokenization through braintree-web. */
function ApplePayButton({ applePay, payment }: { readonly applePay: ApplePay; readonly payment: WalletPayment }) {
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

/** Apple Pay can be offered only in a browser with Apple Pay (Safari) that can make payments, version 3 (spec 2 §9). */
function applePayAvailable(): boolean {
  try {
    return Boolean(window.ApplePaySession?.supportsVersion(3) && window.ApplePaySession.canMakePayments());
  } catch {
    return false;
  }
}

function ApplePayPayment({ instance, chosen, payment }: MethodProps<ApplePay>) {
  return chosen && instance ? <ApplePayButton applePay={instance} payment={payment.wallet()} /> : null;
}

/** Apple Pay: offered where its flag is on, the browser has it, the country is not disabled and the codes are well formed. */
export const applePayMethod = defineMethod<typeof import('braintree-web/apple-pay'), ApplePay>({
  key: 'apple-pay',
  setUp: {
    what: 'Apple Pay',
    load: ({ checkout }) => (checkout.wallets.apple_pay && applePayAvailable() ? import('braintree-web/apple-pay') : null),
    make: async (module, client) => {
      await yieldToMain();
      return module.create({ client });
    },
  },
  offered: ({ checkout, country, currency, locale }, instance) =>
    walletCodesValid({ countryCode: country, currencyCode: currency, language: locale.slice(0, 2) }) &&
    instance !== null &&
    isApplePayEnabled({ featureOn: checkout.wallets.apple_pay, country, disabledCountries: checkout.disabled_apple_pay_countries, canMakePayments: true }),
  Component: ApplePayPayment,
});
