import { venmoFailureCode } from '@store/domain';
import type { Venmo } from 'braintree-web/venmo';
import { useRef, useState } from 'react';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps } from '../../method';
import type { WalletPayment } from '../../wallet-payment';

/**
 * Venmo on a computer (braintree-web's desktop flow, `allowDesktop`): the module shows its own
 * full-page frame with a QR code, the payer scans it and approves in the Venmo app, and the module
 * polls the payment context until it hands back a nonce. The frame says what is happening (the
 * scanned state's prompt, 'The authorization was canceled', 'Something went wrong'); closing it
 * ends the attempt, which the page reports in the catalogue's words.
 */
function VenmoButton({ venmo, payment }: { readonly venmo: Venmo; readonly payment: WalletPayment }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const pay = () => {
    if (open || !payment.ready()) return;
    setOpen(true);
    venmo
      .tokenize()
      .then((payload) => {
        setOpen(false);
        payment.onNonce(payload.nonce);
      })
      .catch((error: { code?: string }) => {
        setOpen(false);
        payment.onFailure(venmoFailureCode(error));
        // The module's frame had the focus; give it back to where the payer started.
        button.current?.focus();
      });
  };
  return (
    <button ref={button} type="button" className="button wallet-button wallet-button--venmo" onClick={pay} aria-disabled={open}>
      Pay with Venmo
    </button>
  );
}

function VenmoPayment({ instance, chosen, payment }: MethodProps<Venmo>) {
  return chosen && instance ? <VenmoButton venmo={instance} payment={payment.wallet()} /> : null;
}

/** Venmo: US dollar baskets, where its flag is on and braintree-web says the browser can use it (here: a computer). */
export const venmoMethod = defineMethod<typeof import('braintree-web/venmo'), Venmo>({
  key: 'venmo',
  setUp: {
    what: 'Venmo',
    load: ({ checkout, currency }) => (checkout.venmo === true && currency === 'USD' ? import('braintree-web/venmo') : null),
    make: async (module, client) => {
      await yieldToMain();
      // single_use: the store does not save Venmo accounts; the payment context names this payment only.
      const venmo = await module.create({ client, allowDesktop: true, paymentMethodUsage: 'single_use' });
      return venmo.isBrowserSupported() ? venmo : null;
    },
  },
  offered: ({ checkout, currency }, instance) => instance !== null && checkout.venmo === true && currency === 'USD',
  Component: VenmoPayment,
});
