import { ErrorCatalogue, venmoFailureCode } from '@store/domain';
import type { Venmo } from 'braintree-web/venmo';
import { useEffect, useMemo, useRef, useState } from 'react';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import { defineMethod, type MethodProps } from '../../method';
import { useLatest, type WalletPayment } from '../../wallet-payment';

/**
 * Venmo on a computer (braintree-web's desktop flow, `allowDesktop`): the module shows its own
 * full-page frame with a QR code, the payer scans it and approves in the Venmo app, and the module
 * polls the payment context until it hands back a nonce. The frame says what is happening (the
 * scanned state's prompt, 'The authorization was canceled', 'Something went wrong'); closing it
 * ends the attempt, which the page reports in the catalogue's words.
 *
 * On a phone (the module's mobile flow): the same button switches this tab to the Venmo app (or
 * Venmo's web login where the app is missing: `mobileWebFallBack`), which comes back to this
 * checkout with the outcome in the address's fragment. The checkout then loads afresh, the module
 * sees the return (hasTokenizationResult) and asks the payment context's status, and the order is
 * placed with its nonce, or the shopper is told why not.
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
        if (payload.nonce) payment.onNonce(payload.nonce);
        else payment.onFailure(ErrorCatalogue.VENMO_FAILED.code);
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

/** Returns already being finished in this document: each is finished once, whatever React re-runs. */
const finishing = new WeakSet<Venmo>();

/** The app's return is read: the address goes back to the plain checkout, so a reload does not finish it again. */
function forgetReturn() {
  const url = new URL(window.location.href);
  url.searchParams.delete('resource_id');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
}

/**
 * The Venmo app sent the shopper back here: the module finishes the payment from the return (the
 * payment context's status), and the order is placed with the nonce. Meanwhile the page says so,
 * whichever method is chosen; a cancel or failure is told in the catalogue's words.
 */
function useVenmoReturn(venmo: Venmo | null, payment: WalletPayment): boolean {
  // Read once per instance: the module made on this load sees the return in the address.
  const returned = useMemo(() => venmo?.hasTokenizationResult() ?? false, [venmo]);
  const [ended, setEnded] = useState(false);
  const latest = useLatest(payment);
  useEffect(() => {
    if (!venmo || !returned || finishing.has(venmo)) return;
    finishing.add(venmo);
    venmo
      .tokenize()
      .then((payload) => {
        forgetReturn();
        // A failed authorization can come back without a nonce (the module falls back to the fragment).
        if (!payload.nonce) latest.current.onFailure(ErrorCatalogue.VENMO_FAILED.code);
        else latest.current.onNonce(payload.nonce);
      })
      .catch((error: { code?: string }) => {
        forgetReturn();
        latest.current.onFailure(venmoFailureCode(error));
      })
      .finally(() => setEnded(true));
  }, [venmo, returned, latest]);
  return returned && !ended;
}

function VenmoPayment({ instance, chosen, payment }: MethodProps<VenmoSetUp>) {
  const wallet = payment.wallet();
  const venmo = instance?.venmo ?? null;
  const returned = useVenmoReturn(venmo, wallet);
  if (returned) return <p role="status">Finishing your Venmo payment…</p>;
  return chosen && venmo ? <VenmoButton venmo={venmo} payment={wallet} /> : null;
}

type PreferredPaymentMethodsModule = typeof import('braintree-web/preferred-payment-methods');
type VenmoModules = readonly [typeof import('braintree-web/venmo'), Promise<PreferredPaymentMethodsModule>];

/** What the set-up made: the module's instance, whether the gateway says the shopper prefers Venmo, and (while set up) the module that asks. */
interface VenmoSetUp {
  readonly venmo: Venmo;
  readonly preferred: boolean;
  readonly preferredModule?: Promise<PreferredPaymentMethodsModule>;
}

/** Venmo: US dollar baskets, where its flag is on and braintree-web says the browser can use it (a computer, or a phone's browser that returns to the same tab). */
export const venmoMethod = defineMethod<VenmoModules, VenmoSetUp>({
  key: 'venmo',
  setUp: {
    what: 'Venmo',
    load: ({ checkout, currency }) => {
      if (checkout.venmo !== true || currency !== 'USD') return null;
      const preferredModule = import('braintree-web/preferred-payment-methods');
      preferredModule.catch(() => undefined);
      return import('braintree-web/venmo').then((module) => [module, preferredModule] as const);
    },
    make: async ([module, preferredModule], client) => {
      await yieldToMain();
      // single_use: the store does not save Venmo accounts; the payment context names this payment only.
      // On phones: the checkout is one page that must come back to this tab (allowNewBrowserTab
      // false), Venmo's web login stands in for a missing app (mobileWebFallBack, which also keeps
      // iOS in this tab), and the page, not the module, tidies the address after the return.
      const venmo = await module.create({
        client,
        allowDesktop: true,
        paymentMethodUsage: 'single_use',
        allowNewBrowserTab: false,
        mobileWebFallBack: true,
        ignoreHistoryChanges: true,
      });
      return venmo.isBrowserSupported() ? { venmo, preferred: false, preferredModule } : null;
    },
    // Spec 3 §3: venmoPreferred (the payer's device has the Venmo app) lists Venmo first; the
    // module answers both flags false when the gateway's query fails (spec 3 §8).
    followUp: {
      what: 'Preferred payment methods',
      ask: async (made, client) => {
        if (!made.preferredModule) return made;
        const module = await made.preferredModule;
        await yieldToMain();
        const methods = await module.create({ client });
        return { venmo: made.venmo, preferred: (await methods.fetchPreferredPaymentMethods()).venmoPreferred === true };
      },
    },
  },
  offered: ({ checkout, currency }, instance) => instance !== null && checkout.venmo === true && currency === 'USD',
  preferred: (instance) => instance?.preferred ?? false,
  Component: VenmoPayment,
});
