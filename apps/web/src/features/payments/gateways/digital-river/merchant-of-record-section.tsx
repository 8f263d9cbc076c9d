import { basketAnalytics, ErrorCatalogue, MERCHANT_OF_RECORD_GATEWAY, type BasketJson, type CustomerJson, type MorCheckoutJson, type MorSetupJson } from '@store/domain';
import { Amount } from '@store/ui';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { ApiError, SupersededError } from '../../../../lib/api-client';
import { useAppUi } from '../../../../lib/app-ui';
import { useConsent } from '../../../consent';
import { ChargeNote, usePlaceOrder } from '../../../orders';
import { attachMorSource, attachMorTaxId } from './api';
import { release, type DigitalRiverClient, type DropInSuccess } from './digital-river-js';
import {
  dropInBillingAddress,
  dropInFailureCode,
  DROP_IN_OPTIONS,
  mexicoComplianceStatement,
  MountWait,
  parseMorCheckout,
  showsMexicoComplianceStatement,
  taxIdentifierToAttach,
  type TaxIdentifier,
  type TaxIdentifierChange,
} from './merchant-of-record-rules';
import type { MerchantOfRecord } from './use-merchant-of-record';
import { PaymentMethodsProblem } from '../../components/payment-methods-problem';
import { useWithdrawalConsent } from '../../components/withdrawal-consent-box';

const DROP_IN_CONTAINER = 'mor-drop-in';
const TAX_IDENTIFIER_CONTAINER = 'mor-tax-identifier';

const browserTimers = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

export interface MerchantOfRecordSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson;
  readonly locale: string;
  /** The payment section is the journey's current step (spec 2 §2 rule 7). */
  readonly active: boolean;
  readonly mor: MerchantOfRecord;
  /** EU, EEA and UK consumers agree to immediate supply before paying (issue 8). */
  readonly consentRequired: boolean;
}

/**
 * The merchant-of-record payment section (spec 2 §2, §4, §8, §9): the loading overlay while the
 * checkout is created, the provider's totals, the tax identifier element when the provider has
 * one, and the drop-in. The drop-in's source is attached to the checkout, the section completes and
 * the order is placed; a refused order brings the section back with a fresh drop-in and keeps the
 * order number for the retry.
 */
export function MerchantOfRecordSection({ basket, customer, locale, active, mor, consentRequired }: MerchantOfRecordSectionProps) {
  const { wait, notify, notifyError } = useAppUi();
  const { track } = useConsent();
  const { place, chargeNote } = usePlaceOrder();
  const consent = useWithdrawalConsent(consentRequired);
  const paying = useRef(false);
  // While the order is placed the section has completed, but its drop-in stays mounted (hidden under
  // the overlay): the card details live in the provider's fields, which we can neither read nor fill,
  // so only the same drop-in can give them back if the order is refused.
  const [placing, setPlacing] = useState(false);
  // Each refused order: the drop-in shows again with what the shopper typed, says which card was
  // refused, and its card number takes the focus (the usual thing to change).
  const [refusal, setRefusal] = useState<{ readonly count: number; readonly card: string | null }>({ count: 0, card: null });
  const setup = mor.setup;
  const ready = setup.status === 'ready' ? setup : null;

  /** Drop-in success (spec 2 §4): attach the source unless it is ready for storage, then place the order. */
  const pay = async (current: NonNullable<typeof ready>, data: DropInSuccess) => {
    if (paying.current) return;
    if (!consent.check()) return;
    paying.current = true;
    track('add_payment_info', { ...basketAnalytics(basket), payment_type: 'Digital River' });
    const checkoutId = current.checkout.checkoutId;
    let sourceId = data.source.id;
    try {
      if (!data.readyForStorage) {
        const attached = await wait('retail-order', () => attachMorSource({ basketReference: basket.reference, checkoutId, sourceId }));
        sourceId = attached.paymentSource.id;
      }
    } catch (error) {
      paying.current = false;
      notifyError(error);
      // An older page's checkout has gone (basket or billing changed elsewhere): set up a fresh one.
      if (error instanceof ApiError && error.code === ErrorCatalogue.MOR_CHECKOUT_EXPIRED.code) mor.reset();
      return;
    }
    // The section completes (spec 2 §2 rule 7 no longer holds) and the order is placed.
    setPlacing(true);
    mor.setSource(sourceId);
    try {
      await place(
        {
          basket_reference_id: basket.reference,
          basket_stale_hash: current.setup.stale_hash,
          customer_public_id: customer.public_id,
          gateway: MERCHANT_OF_RECORD_GATEWAY.key,
          payment_facilitator: MERCHANT_OF_RECORD_GATEWAY.key,
          payment_method_type: 'merchant-of-record',
          checkout_id: checkoutId,
          source_id: sourceId,
          locale,
          withdrawal_consent: consent.value,
        },
        'retail-order',
      );
    } catch {
      // Shown by the place-order hook, which keeps the order number for the retry: pay again with a new source.
      mor.setSource(null);
      setRefusal((previous) => ({ count: previous.count + 1, card: cardName(data.source) }));
    } finally {
      paying.current = false;
      setPlacing(false);
    }
  };

  return (
    <div className="mor-payment">
      <p data-testid="payment-gateway">You will pay with the secure checkout of our reseller, Digital River.</p>
      {setup.status === 'failed' && <PaymentMethodsProblem onRetry={setup.retry} />}
      {ready && <MorTotals checkout={ready.checkout} locale={locale} />}
      {ready && showsMexicoComplianceStatement(customer.billing?.country, ready.checkout) && (
        <p className="notice mor-compliance" data-testid="mx-compliance-statement">
          {mexicoComplianceStatement(ready.checkout.sellingEntityName)}
        </p>
      )}
      <ChargeNote note={chargeNote} />
      {(active || placing) && setup.status !== 'failed' && (
        // One place in the tree, so the mount wait started with the active section survives the checkout arriving.
        <MountPanel
          hidden={!active}
          setup={ready ? { setup: ready.setup, checkout: ready.checkout, client: ready.client } : null}
          customer={customer}
          basketReference={basket.reference}
          onCheckout={mor.updateCheckout}
          consent={consent.box}
          onSuccess={(data) => {
            if (ready) void pay(ready, data);
          }}
          onFailure={(code) => notify(code)}
          refusal={refusal}
        />
      )}
    </div>
  );
}

/** 'Visa ending in 3600' from the provider's card source, when it says so. */
function cardName(source: DropInSuccess['source']): string | null {
  const card = source['creditCard'] as { readonly brand?: unknown; readonly lastFourDigits?: unknown } | undefined;
  if (typeof card?.lastFourDigits !== 'string') return null;
  return `${typeof card.brand === 'string' ? card.brand : 'Card'} ending in ${card.lastFourDigits}`;
}

/** The provider's totals (spec 2 §7 totalTaxBreakdown): its tax replaces the store's; announced when they change. */
function MorTotals({ checkout, locale }: { readonly checkout: MorCheckoutJson; readonly locale: string }) {
  const { net, tax, gross } = checkout.totals;
  return (
    <div className="mor-totals" data-testid="payment-total" aria-live="polite">
      <dl className="mor-totals__list">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="mor-net">
            <Amount value={net} locale={locale} />
          </dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd data-testid="mor-tax">
            <Amount value={tax} locale={locale} />
          </dd>
        </div>
        <div className="mor-totals__total">
          <dt>Total to pay</dt>
          <dd data-testid="mor-gross">
            <strong>
              <Amount value={gross} locale={locale} />
            </strong>
          </dd>
        </div>
      </dl>
      <p className="mor-totals__seller">Sold and invoiced by {checkout.sellingEntityName}, our authorised reseller and merchant of record.</p>
    </div>
  );
}

interface ReadySetup {
  readonly setup: MorSetupJson;
  readonly checkout: MorCheckoutJson;
  readonly client: DigitalRiverClient;
}

interface MountPanelProps {
  /** Null while the checkout is being created. */
  readonly setup: ReadySetup | null;
  readonly customer: CustomerJson;
  readonly basketReference: string;
  readonly consent: ReactNode;
  readonly onCheckout: (checkout: MorCheckoutJson) => void;
  readonly onSuccess: (data: DropInSuccess) => void;
  readonly onFailure: (code: number) => void;
  /** Kept mounted but out of sight while the order is placed. */
  readonly hidden: boolean;
  /** The orders refused so far and the card of the last one. */
  readonly refusal: { readonly count: number; readonly card: string | null };
}

/**
 * What the active section shows; mounted exactly while the section is active, so its mount wait
 * starts when the section becomes active (spec 2 §4), and collapsing it destroys the drop-in.
 */
function MountPanel({ setup, customer, basketReference, consent, onCheckout, onSuccess, onFailure, hidden, refusal }: MountPanelProps) {
  const { notify, notifyError } = useAppUi();
  const [watch] = useState(() => new MountWait(browserTimers));
  const [mountFailed, setMountFailed] = useState(false);
  const [dropInReady, setDropInReady] = useState(false);
  const [taxIdentifierShown, setTaxIdentifierShown] = useState(false);
  const [taxIdStatus, setTaxIdStatus] = useState<string | null>(null);
  const sentTaxId = useRef<(TaxIdentifier & { readonly checkoutId: string }) | null>(null);
  const limitMs = setup?.setup.mount_timeout_ms ?? null;
  const client = setup?.client ?? null;
  const sessionId = setup?.checkout.paymentSessionId ?? null;
  const checkoutId = setup?.checkout.checkoutId ?? null;

  // The wait starts with the active section and gives up with the mounting error past the limit (spec 2 §9).
  useEffect(() => {
    watch.start();
    return () => watch.stop();
  }, [watch]);
  useEffect(() => {
    if (limitMs === null) return;
    watch.limit(limitMs, () => {
      setMountFailed(true);
      notify(ErrorCatalogue.MOR_DROP_IN_TIMEOUT.code);
    });
  }, [watch, limitMs, notify]);

  const billingAddress = useEffectEvent(() => dropInBillingAddress(customer));
  const succeeded = useEffectEvent((data: DropInSuccess) => onSuccess(data));
  const failed = useEffectEvent((data: { readonly errors?: readonly { readonly code?: string }[] }) => {
    const code = dropInFailureCode(data.errors);
    if (code !== null) onFailure(code);
  });
  // A refusal moves the focus to the drop-in's first field once the drop-in is on show and ready
  // (a fresh one, when the checkout had to be set up again, becomes ready later).
  const focusWanted = useRef(false);
  const focusFirstField = useEffectEvent(() => {
    if (!focusWanted.current || hidden || !dropInReady) return;
    focusWanted.current = false;
    const first = document.getElementById(DROP_IN_CONTAINER)?.querySelector<HTMLElement>('input, select, iframe');
    first?.focus();
    // Selected, so that typing another card's number replaces the refused one.
    if (first instanceof HTMLInputElement) first.select();
  });
  useEffect(() => {
    if (refusal.count > 0) focusWanted.current = true;
  }, [refusal.count]);
  useEffect(() => focusFirstField(), [refusal.count, hidden, dropInReady]);
  const readied = useEffectEvent(() => {
    if (watch.ready()) setDropInReady(true);
  });

  /** Spec 2 §5: the tax identifier is attached only when complete and without error; the checkout comes back repriced. */
  const taxIdentifierChanged = useEffectEvent((event: TaxIdentifierChange) => {
    if (!checkoutId) return;
    const next = taxIdentifierToAttach(event, sentTaxId.current?.checkoutId === checkoutId ? sentTaxId.current : null);
    if (!next) return;
    sentTaxId.current = { ...next, checkoutId };
    setTaxIdStatus('Checking your tax ID…');
    attachMorTaxId({ basketReference, checkoutId, type: next.type, taxId: next.value })
      .then((answer) => {
        onCheckout(parseMorCheckout(answer.checkout));
        setTaxIdStatus(`Tax ID ${next.value} added. The total has been updated.`);
      })
      .catch((error: unknown) => {
        if (error instanceof SupersededError) return;
        setTaxIdStatus(error instanceof ApiError ? error.message : ErrorCatalogue.GENERIC.message);
        notifyError(error);
      });
  });

  // The tax identifier element, shown only when the provider reports one for this session (spec 2 §2).
  useEffect(() => {
    if (!client || !sessionId || mountFailed) return;
    const element = client.createElement('taxidentifier', { taxIdentifier: { sessionId } });
    element.on('ready', (event) => setTaxIdentifierShown(event.hasTaxIdentifier === true));
    element.on('change', (event) => taxIdentifierChanged(event as TaxIdentifierChange));
    element.mount(TAX_IDENTIFIER_CONTAINER);
    return () => release(element);
  }, [client, sessionId, mountFailed]);

  // The drop-in with the spec's options (§9) and the shopper's billing address; destroyed when the section collapses.
  useEffect(() => {
    if (!client || !sessionId || mountFailed) return;
    const dropIn = client.createDropin({
      sessionId,
      options: DROP_IN_OPTIONS,
      billingAddress: billingAddress(),
      onSuccess: (data) => succeeded(data),
      onError: (data) => failed(data),
      // Spec 2 §8: a cancel is quiet.
      onCancel: () => undefined,
      onReady: () => readied(),
    });
    dropIn.mount(DROP_IN_CONTAINER);
    return () => release(dropIn);
  }, [client, sessionId, mountFailed]);

  if (mountFailed) {
    return (
      <p className="notice notice--error" role="alert" data-testid="drop-in-mount-error">
        {ErrorCatalogue.MOR_DROP_IN_TIMEOUT.message}
      </p>
    );
  }
  return (
    <div className="mor-active" hidden={hidden}>
      {setup && (
        <div className="mor-tax-id" hidden={!taxIdentifierShown} data-testid="mor-tax-identifier">
          <p className="mor-tax-id__hint">If your business has a tax ID, add it here: our reseller may then not charge tax.</p>
          <div id={TAX_IDENTIFIER_CONTAINER} />
          <p role="status" className="mor-tax-id__status">
            {taxIdStatus}
          </p>
        </div>
      )}
      {consent}
      {!dropInReady && <p role="status">Loading payment methods…</p>}
      {refusal.count > 0 && (
        // Not a live region: the snackbar has announced the refusal; this stays beside the fields it is about.
        <p className="notice notice--error mor-refused" data-testid="mor-refused">
          {refusal.card ? `Your ${refusal.card} was not accepted.` : 'Your payment was not accepted.'} What you typed is still below: correct it, or enter a different card.
        </p>
      )}
      <div id={DROP_IN_CONTAINER} className="mor-drop-in" />
    </div>
  );
}
