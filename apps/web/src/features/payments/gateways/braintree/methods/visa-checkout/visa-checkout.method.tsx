import { ErrorCatalogue, methodAvailable, paymentMethod, visaCheckoutFailureCode } from '@store/domain';
import { Button } from '@store/ui';
import type { VisaCheckout, VisaCheckoutPayment } from 'braintree-web/visa-checkout';
import { useEffect, useState, type MouseEvent } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps, type OfferFacts } from '../../method';
import { useLatest } from '../../wallet-payment';

/** Visa's own sdk.js (window.V), sandbox or production as the gateway is; the sandbox stands in for it in tests. */
const VISA_SDK = {
  sandbox: 'https://sandbox-assets.secure.checkout.visa.com/checkout-widget/resources/js/integration/v1/sdk.js',
  production: 'https://assets.secure.checkout.visa.com/checkout-widget/resources/js/integration/v1/sdk.js',
} as const;

const switchedOn = (checkout: OfferFacts['checkout']): boolean => checkout.retired_networks?.visa_checkout === true;

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

/**
 * Visa Checkout (spec 3 §5, §8) on braintree-web's own visa-checkout module: its init options
 * (the gateway's api key and encryption key, the amount to pay) go to Visa's sdk.js, whose
 * lightbox opens from the button (Visa's v-button class); the payment Visa hands back is
 * tokenized by the module and places the order. Visa has retired Visa Checkout for Click to Pay,
 * so the store offers it only where it is switched on.
 */
function VisaCheckoutPayment({ instance, chosen, payment, locale }: MethodProps<VisaCheckout>) {
  const { notify } = useAppUi();
  const [card, setCard] = useState<string | null>(null);
  const { amount, currency } = payment.local;

  // Visa's SDK calls these long after the click: they read the page as it is then.
  const latest = useLatest({ instance, payment, notify });
  useEffect(() => {
    const sdk = window.V;
    if (!chosen || !instance || !sdk) return;
    sdk.init(instance.createInitOptions({ paymentRequest: { currencyCode: currency, subtotal: amount, total: amount }, settings: { locale: locale.replace('-', '_') } }));
    sdk.on('payment.success', (paid: VisaCheckoutPayment) => {
      const current = latest.current;
      if (!current.instance) return;
      const visaCheckout = current.instance;
      setCard(null);
      void current.payment.payWithNonce(async () => {
        try {
          const result = await visaCheckout.tokenize(paid);
          setCard(result.description);
          return result.nonce;
        } catch (error) {
          current.notify(visaCheckoutFailureCode(error));
          return null;
        }
      });
    });
    // Ours: a cancel in the lightbox says so, as Masterpass's does: the shopper sees why nothing happened.
    sdk.on('payment.cancel', () => latest.current.notify(ErrorCatalogue.VISA_CHECKOUT_CANCELED.code));
    sdk.on('payment.error', (_payment: unknown, error: unknown) => latest.current.notify(visaCheckoutFailureCode(error)));
  }, [chosen, instance, amount, currency, locale, latest]);

  if (!chosen || !instance) return null;

  // Visa's SDK opens its lightbox on any click of a v-button; a payment under way, or the consent not
  // given, keeps the click from reaching it (the consent check says why).
  const guard = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element) || !event.target.closest('.v-button')) return;
    if (payment.busy || !payment.consented()) event.stopPropagation();
  };

  return (
    <div className="wallet" data-testid="visa-checkout-payment" onClickCapture={guard}>
      <p id="visa-checkout-intro">Choose a card from your Visa Checkout wallet in the window that opens.</p>
      <div role="status" aria-live="polite" data-testid="visa-checkout-card">
        {card && <p>Paying with your Visa Checkout card ({card}). Placing your order…</p>}
      </div>
      <Button className="v-button" busy={payment.busy} aria-describedby="visa-checkout-intro">
        Continue to Visa Checkout
      </Button>
    </div>
  );
}

export const visaCheckoutMethod = defineMethod<readonly [typeof import('braintree-web/visa-checkout'), void], VisaCheckout>({
  key: 'visa-checkout',
  setUp: {
    what: 'Visa Checkout',
    // Downloaded only where the store switches it on: the module and Visa's script are of no use otherwise.
    load: ({ checkout }) => (switchedOn(checkout) ? Promise.all([import('braintree-web/visa-checkout'), loadScript(VISA_SDK[checkout.environment])]) : null),
    make: async ([module], client) => {
      if (!window.V) return null;
      await yieldToMain();
      return module.create({ client });
    },
  },
  offered: ({ checkout, country, currency }, instance) =>
    instance !== null && methodAvailable(paymentMethod('visa-checkout'), { billingCountry: country, currency, flags: switchedOn(checkout) ? ['visa-checkout'] : [] }),
  Component: VisaCheckoutPayment,
});
