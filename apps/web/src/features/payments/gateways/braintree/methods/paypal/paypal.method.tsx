import { ErrorCatalogue, isPayPalEnabled } from '@store/domain';
import type { PayPalCheckout } from 'braintree-web/paypal-checkout';
import { useEffect, useState, type ComponentType } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { PaymentMethodsProblem } from '../../../../components/payment-methods-problem';
import { importWithinLimit } from '../../../../load-limit';
import { defineMethod, type MethodProps } from '../../method';
import type { MethodInstances } from '../../set-up-methods';
import type { PayPalButtonProps } from './paypal-button';
import { enabledFunding } from './pay-later';
import { PayPalClassicButton } from './paypal-classic-button';

type PayPalCheckoutModule = typeof import('braintree-web/paypal-checkout');
type PreferredPaymentMethodsModule = typeof import('braintree-web/preferred-payment-methods');

/** PayPal's checkout and the gateway's answer whether this shopper prefers PayPal (spec 3). */
export interface PayPal {
  readonly checkout: PayPalCheckout;
  readonly preferred: boolean;
}

/**
 * Spec 2 §7: the PayPal button is loaded lazily, as a chunk of its own, within the load limit
 * (spec 2 §9); past it the shopper hears 310001 and may retry (a new attempt, in the page).
 */
function usePayPalButton(wanted: boolean, limitMs: number) {
  const { notify } = useAppUi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ readonly attempt: number; readonly button: ComponentType<PayPalButtonProps> | null }>({ attempt: -1, button: null });
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    importWithinLimit(import('./paypal-button'), limitMs, 'The PayPal button')
      .then((module) => !cancelled && setLoaded({ attempt, button: module.default }))
      .catch(() => {
        if (cancelled) return;
        setLoaded({ attempt, button: null });
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, limitMs, attempt, notify]);
  const status = loaded.attempt !== attempt ? 'loading' : loaded.button ? 'ready' : 'failed';
  return { status, Button: loaded.button, retry: () => setAttempt((current) => current + 1) } as const;
}

/**
 * The shopper's choice to save this PayPal account, then PayPal's own button. A saved PayPal account
 * pays from the saved methods' option, where 'Confirm with PayPal' borrows this method's checkout.
 */
function PayPalPayment({ checkout, basket, gateway, instance, chosen, loadLimitMs, payment }: MethodProps<PayPal>) {
  const [savePayPal, setSavePayPal] = useState(false);
  // A merchant on braintree-web's classic paypal module pays through its popup instead of PayPal's buttons.
  const classic = checkout.paypal_classic === true;
  const payPalButton = usePayPalButton(chosen && instance !== null && !classic, loadLimitMs);

  if (!chosen || !instance) return null;
  return (
    <div className="paypal-payment">
      {!classic && (
        <label className="choice">
          <input type="checkbox" checked={savePayPal} onChange={(event) => setSavePayPal(event.target.checked)} /> Save this PayPal account for next time
        </label>
      )}
      {classic ? (
        <PayPalClassicButton client={gateway.client} payment={payment.wallet(false)} loadLimitMs={loadLimitMs} />
      ) : payPalButton.status === 'ready' && payPalButton.Button ? (
        <payPalButton.Button payPal={instance.checkout} payment={payment.wallet(savePayPal)} basket={basket} credit={checkout.paypal_credit === true} />
      ) : payPalButton.status === 'failed' ? (
        <PaymentMethodsProblem onRetry={payPalButton.retry} />
      ) : (
        <p role="status">Loading PayPal…</p>
      )}
    </div>
  );
}

/** PayPal's checkout as its set-up made it, for the saved PayPal account's 'Confirm with PayPal'; null while PayPal is not set up. */
export const payPalCheckoutIn = (instances: MethodInstances): PayPalCheckout | null => (instances.paypal as PayPal | undefined)?.checkout ?? null;

/** While set up: the gateway's preferred-payment-methods module, downloading with PayPal's. */
interface PayPalSetUp extends PayPal {
  readonly preferredModule?: Promise<PreferredPaymentMethodsModule>;
}

type PayPalModules = readonly [PayPalCheckoutModule, Promise<PreferredPaymentMethodsModule>];

/** PayPal (spec 2 §7, §9): braintree-web's PayPal checkout with the PayPal JS SDK, offered when its flag is on. */
export const payPalMethod = defineMethod<PayPalModules, PayPalSetUp>({
  key: 'paypal',
  setUp: {
    what: 'PayPal',
    load: ({ checkout }) => {
      if (!checkout.wallets.paypal) return null;
      const preferredModule = import('braintree-web/preferred-payment-methods');
      preferredModule.catch(() => undefined);
      return import('braintree-web/paypal-checkout').then((module) => [module, preferredModule] as const);
    },
    make: async ([module, preferredModule], client, settings) => {
      await yieldToMain();
      const instance = await module.create({ client });
      await yieldToMain();
      // Spec 2 §9: PayPal's sandbox unless the gateway is live, in the basket's currency, checkout
      // flow; with Pay Later in the currencies PayPal offers it in (the SDK shows it only to those it may),
      // and Credit in dollars where the store switches it on.
      const funding = enabledFunding(settings.currency, settings.checkout.paypal_credit === true);
      const checkout = await instance.loadPayPalSDK({
        currency: settings.currency,
        intent: 'capture',
        ...(funding ? { 'enable-funding': funding } : {}),
        ...(settings.checkout.environment === 'production' ? {} : { env: 'sandbox' }),
      });
      return { checkout, preferred: false, preferredModule };
    },
    followUp: {
      what: 'Preferred payment methods',
      ask: async (made, client) => {
        if (!made.preferredModule) return made;
        const module = await made.preferredModule;
        await yieldToMain();
        const methods = await module.create({ client });
        return { checkout: made.checkout, preferred: (await methods.fetchPreferredPaymentMethods()).paypalPreferred };
      },
    },
  },
  offered: ({ checkout, country }, instance) =>
    instance !== null && isPayPalEnabled({ featureOn: checkout.wallets.paypal, country, disabledCountries: checkout.disabled_paypal_countries }),
  preferred: (instance) => instance?.preferred ?? false,
  Component: PayPalPayment,
});
