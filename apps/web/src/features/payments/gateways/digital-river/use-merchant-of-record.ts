import { ErrorCatalogue, type BasketJson, type CustomerJson, type Locale, type MorCheckoutJson, type MorSetupJson } from '@store/domain';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError, SupersededError } from '../../../../lib/api-client';
import { useAppUi } from '../../../../lib/app-ui';
import { createMorCheckout } from './api';
import { loadDigitalRiver, type DigitalRiverClient } from './digital-river-js';
import { loadLimitOf } from '../../load-limit';
import { parseMorCheckout } from './merchant-of-record-rules';

/** The merchant-of-record payment state (spec 2 §3): the session (checkout) and, once the drop-in gave one, the source. */
export type MerchantOfRecordSetup =
  | { readonly status: 'idle' | 'loading' }
  | {
      readonly status: 'ready';
      readonly setup: MorSetupJson;
      readonly checkout: MorCheckoutJson;
      readonly client: DigitalRiverClient;
      readonly sourceId: string | null;
    }
  /** Retry makes a fresh checkout and loads the library again, in the page (not a reload). */
  | { readonly status: 'failed'; readonly retry: () => void };

export interface MerchantOfRecord {
  readonly setup: MerchantOfRecordSetup;
  /** The provider repriced the checkout (a tax identifier was attached). */
  readonly updateCheckout: (checkout: MorCheckoutJson) => void;
  /** The payment source attached (the section completes), or none again after a refused order. */
  readonly setSource: (sourceId: string | null) => void;
  /** Forgets the payment state (billing or exemption changed, the checkout expired): the next set-up makes a fresh checkout. */
  readonly reset: () => void;
}

/** Answers that say nothing of their own (no answer, bad request, server, unavailable, generic): the shopper hears 310001. */
const GENERAL_FAILURES = new Set([0, 400, 500, 503, ErrorCatalogue.GENERIC.code]);

type Outcome = { readonly key: string; readonly setup: MerchantOfRecordSetup };

/**
 * Setup payment for the merchant-of-record gateway (spec 2 §4): MERCHANT_OF_RECORD_CREATE_CHECKOUT
 * for this version of the basket, then DigitalRiver.js with the provider's public key, under the
 * 'Loading payment details' overlay. A basket change (a new stale hash) or a reset drops the
 * session and source and sets up a fresh checkout.
 */
export function useMerchantOfRecord(basket: BasketJson | null, customer: CustomerJson | null, locale: Locale, enabled: boolean): MerchantOfRecord {
  const { wait, notify } = useAppUi();
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const basketReference = basket?.reference ?? '';
  const key = `${basketReference}:${basket?.stale_hash ?? ''}:${generation}`;
  const { urlFriendly, canonical } = locale;
  const payload = useEffectEvent(() => ({
    basketReference,
    // Ours (the lead's API takes it): the store locale, for the provider's checkout locale and formatted totals.
    locale: urlFriendly,
    ...(customer?.billing ? { billingAddress: customer.billing } : {}),
    ...(basket ? { basket: { reference: basket.reference, stale_hash: basket.stale_hash } } : {}),
  }));

  const reset = useCallback(() => {
    setOutcome(null);
    setGeneration((current) => current + 1);
  }, []);

  useEffect(() => {
    if (!enabled || !basketReference) return;
    let cancelled = false;
    wait('payment-details', async () => {
      const setup = await createMorCheckout(payload());
      const checkout = parseMorCheckout(setup.checkout);
      const client = await loadDigitalRiver(setup.mor_script_url, setup.mor_public_api_key, canonical, loadLimitOf(setup.script_load_timeout_ms));
      return { setup, checkout, client };
    })
      .then(({ setup, checkout, client }) => {
        if (!cancelled) setOutcome({ key, setup: { status: 'ready', setup, checkout, client, sourceId: null } });
      })
      .catch((error: unknown) => {
        if (cancelled || error instanceof SupersededError) return;
        setOutcome({ key, setup: { status: 'failed', retry: reset } });
        // A refusal with its own message (e.g. a stale basket) says so; anything else is spec 2 §8's problem obtaining payment methods.
        notify(error instanceof ApiError && !GENERAL_FAILURES.has(error.code) ? error.code : ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
      });
    return () => {
      cancelled = true;
    };
  }, [key, basketReference, enabled, canonical, wait, notify, reset]);

  const change = useCallback(
    (update: (ready: Extract<MerchantOfRecordSetup, { status: 'ready' }>) => MerchantOfRecordSetup) =>
      setOutcome((current) => (current && current.key === key && current.setup.status === 'ready' ? { key, setup: update(current.setup) } : current)),
    [key],
  );
  const updateCheckout = useCallback((checkout: MorCheckoutJson) => change((ready) => ({ ...ready, checkout })), [change]);
  const setSource = useCallback((sourceId: string | null) => change((ready) => ({ ...ready, sourceId })), [change]);

  const setup: MerchantOfRecordSetup = !enabled ? { status: 'idle' } : outcome?.key === key ? outcome.setup : { status: 'loading' };
  return { setup, updateCheckout, setSource, reset };
}
