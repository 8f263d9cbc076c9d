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
/**
 * On a phone the app switch leaves this page, and the checkout that the app returns to is a fresh
 * load: the shopper's 'Save Venmo' choice waits for it in this tab's session storage. Only a choice
 * to save: the server keeps only what the gateway vaulted, from a multi-use approval.
 */
const SAVE_CHOICE_KEY = 'store.venmo.save-on-return';
function keepSaveChoice(save: boolean) {
  try {
    if (save) window.sessionStorage.setItem(SAVE_CHOICE_KEY, '1');
    else window.sessionStorage.removeItem(SAVE_CHOICE_KEY);
  } catch {
    // Storage refused (private mode): the payment still goes through, unsaved.
  }
}
function readSaveChoice(): boolean {
  try {
    return window.sessionStorage.getItem(SAVE_CHOICE_KEY) === '1';
  } catch {
    return false;
  }
}

function VenmoButton({ venmo, payment }: { readonly venmo: Venmo; readonly payment: WalletPayment }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const pay = () => {
    if (open || !payment.ready()) return;
    setOpen(true);
    keepSaveChoice(payment.saveAccount === true);
    venmo
      .tokenize()
      .then((payload) => {
        // Finished on this page (a computer's QR code): nothing waits for a return.
        keepSaveChoice(false);
        setOpen(false);
        if (payload.nonce) payment.onNonce(payload.nonce);
        else payment.onFailure(ErrorCatalogue.VENMO_FAILED.code);
      })
      .catch((error: { code?: string }) => {
        keepSaveChoice(false);
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
        keepSaveChoice(false);
        // A failed authorization can come back without a nonce (the module falls back to the fragment).
        if (!payload.nonce) latest.current.onFailure(ErrorCatalogue.VENMO_FAILED.code);
        else latest.current.onNonce(payload.nonce);
      })
      .catch((error: { code?: string }) => {
        forgetReturn();
        keepSaveChoice(false);
        latest.current.onFailure(venmoFailureCode(error));
      })
      .finally(() => setEnded(true));
  }, [venmo, returned, latest]);
  return returned && !ended;
}

type Usage = 'single_use' | 'multi_use';

/**
 * The Venmo module in use: the set-up's single-use one, or, once the shopper ticks 'Save Venmo for
 * next time', one made again for a multi-use payment context (braintree-web fixes the usage when the
 * module is made). Each instance adds its own desktop frame to the page, so the one left is torn
 * down first. `venmo` is null while one is being made; `failed` when it could not be.
 */
function useVenmoInUse(instance: VenmoSetUp | null) {
  const [made, setMade] = useState<{ readonly venmo: Venmo | null; readonly failed: boolean } | null>(null);
  const wanted = useRef<Usage>('single_use');
  const current = made ? made.venmo : (instance?.venmo ?? null);
  const switchTo = (usage: Usage) => {
    if (!instance || wanted.current === usage) return;
    wanted.current = usage;
    setMade({ venmo: null, failed: false });
    void (current?.teardown() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => instance.create(usage))
      .then(
        (venmo) => {
          // Ticked and unticked meanwhile: this one is no longer wanted.
          if (wanted.current !== usage) void venmo.teardown().catch(() => undefined);
          else setMade({ venmo, failed: false });
        },
        () => {
          if (wanted.current === usage) setMade({ venmo: null, failed: true });
        },
      );
  };
  return { venmo: current, failed: made?.failed ?? false, switchTo };
}

/** The shopper's choice to save this Venmo account, then Venmo's button. A saved Venmo account pays from the saved methods' option. */
function VenmoPayment({ instance, chosen, payment }: MethodProps<VenmoSetUp>) {
  const [saveVenmo, setSaveVenmo] = useState(false);
  const wallet = payment.wallet(saveVenmo);
  const venmo = instance?.venmo ?? null;
  // On the load the app returned to: whether the shopper had ticked 'Save Venmo' before leaving.
  const saveOnReturn = useMemo(() => venmo?.hasTokenizationResult() === true && readSaveChoice(), [venmo]);
  const returned = useVenmoReturn(venmo, payment.wallet(saveOnReturn));
  const inUse = useVenmoInUse(instance);
  if (returned) return <p role="status">Finishing your Venmo payment…</p>;
  if (!chosen || !venmo) return null;
  const active = inUse.venmo;
  return (
    <div className="venmo-payment">
      <label className="choice">
        <input
          type="checkbox"
          checked={saveVenmo}
          onChange={(event) => {
            setSaveVenmo(event.target.checked);
            inUse.switchTo(event.target.checked ? 'multi_use' : 'single_use');
          }}
        />{' '}
        Save Venmo for next time
      </label>
      {active ? (
        <VenmoButton key={saveVenmo ? 'multi-use' : 'single-use'} venmo={active} payment={wallet} />
      ) : inUse.failed ? (
        <p role="alert">{ErrorCatalogue.VENMO_UNAVAILABLE.message}</p>
      ) : (
        <p role="status">Getting Venmo ready…</p>
      )}
    </div>
  );
}

type PreferredPaymentMethodsModule = typeof import('braintree-web/preferred-payment-methods');
type VenmoModules = readonly [typeof import('braintree-web/venmo'), Promise<PreferredPaymentMethodsModule>];

/** What the set-up made: the module's instance, whether the gateway says the shopper prefers Venmo, and (while set up) the module that asks. */
interface VenmoSetUp {
  readonly venmo: Venmo;
  /** Makes the module again with the other usage (multi-use to save the account). */
  readonly create: (usage: 'single_use' | 'multi_use') => Promise<Venmo>;
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
      // single_use unless the shopper saves the account (then multi_use, made on the tick): the
      // payment context names this payment only. On phones: the checkout is one page that must come back to this tab (allowNewBrowserTab
      // false), Venmo's web login stands in for a missing app (mobileWebFallBack, which also keeps
      // iOS in this tab), and the page, not the module, tidies the address after the return.
      const create = (usage: 'single_use' | 'multi_use') =>
        module.create({
          client,
          allowDesktop: true,
          paymentMethodUsage: usage,
          allowNewBrowserTab: false,
          mobileWebFallBack: true,
          ignoreHistoryChanges: true,
        });
      const venmo = await create('single_use');
      return venmo.isBrowserSupported() ? { venmo, create, preferred: false, preferredModule } : null;
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
        return { venmo: made.venmo, create: made.create, preferred: (await methods.fetchPreferredPaymentMethods()).venmoPreferred === true };
      },
    },
  },
  offered: ({ checkout, currency }, instance) => instance !== null && checkout.venmo === true && currency === 'USD',
  preferred: (instance) => instance?.preferred ?? false,
  Component: VenmoPayment,
});
