import { masterpassFailureCode, methodAvailable, paymentMethod } from '@store/domain';
import { Button } from '@store/ui';
import type { Masterpass } from 'braintree-web/masterpass';
import { useState } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps, type OfferFacts } from '../../method';

/** Spec 3 §2 and §9: the Masterpass window is 450x660 (the module's own size, asked for again here). */
export const MASTERPASS_WINDOW = { width: 450, height: 660 } as const;

const switchedOn = (checkout: OfferFacts['checkout']): boolean => checkout.retired_networks?.masterpass === true;

/**
 * Masterpass (spec 3 §3, §5, §8) on braintree-web's own masterpass module: the click opens its
 * window with the amount to pay, the payer picks a card from their wallet there, and the card's
 * nonce places the order. Mastercard has retired Masterpass for Click to Pay, so the store offers
 * it only where it is switched on.
 */
function MasterpassPayment({ instance, chosen, payment }: MethodProps<Masterpass>) {
  const { notify } = useAppUi();
  const [card, setCard] = useState<string | null>(null);
  if (!chosen || !instance) return null;

  const pay = () => {
    setCard(null);
    // tokenize runs from the click itself: the browser allows Masterpass's window only then.
    void payment.payWithNonce(async () => {
      try {
        const result = await instance.tokenize({ subtotal: payment.local.amount, currencyCode: payment.local.currency, frameOptions: MASTERPASS_WINDOW });
        setCard(result.description);
        return result.nonce;
      } catch (error) {
        notify(masterpassFailureCode(error));
        return null;
      }
    });
  };

  return (
    <div className="wallet" data-testid="masterpass-payment">
      <p id="masterpass-intro">Choose a card from your Masterpass wallet in the window that opens.</p>
      <div role="status" aria-live="polite" data-testid="masterpass-card">
        {card && <p>Paying with your Masterpass card ({card}). Placing your order…</p>}
      </div>
      <Button busy={payment.busy} aria-describedby="masterpass-intro" onClick={pay}>
        Continue to Masterpass
      </Button>
    </div>
  );
}

export const masterpassMethod = defineMethod<typeof import('braintree-web/masterpass'), Masterpass>({
  key: 'masterpass',
  setUp: {
    what: 'Masterpass',
    // Downloaded only where the store switches it on: the module is of no use otherwise.
    load: ({ checkout }) => (switchedOn(checkout) ? import('braintree-web/masterpass') : null),
    make: async (module, client) => {
      if (!module.isSupported()) return null;
      await yieldToMain();
      return module.create({ client });
    },
  },
  offered: ({ checkout, country, currency }, instance) =>
    instance !== null && methodAvailable(paymentMethod('masterpass'), { billingCountry: country, currency, flags: switchedOn(checkout) ? ['masterpass'] : [] }),
  Component: MasterpassPayment,
});
