import { ErrorCatalogue, type CardCheckoutJson } from '@store/domain';
import { useCallback, useEffect, useState } from 'react';
import { useAppUi } from '../../../../lib/app-ui';
import { fetchCardCheckout } from './api';
import { setUpCardGateway, type CardGatewayClient } from './card-gateway-client';
import { loadLimitOf } from '../../load-limit';

export type CardGatewaySetup =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly checkout: CardCheckoutJson; readonly gateway: CardGatewayClient }
  /** Retry sets the gateway up again in the page (a new attempt, not a reload). */
  | { readonly status: 'failed'; readonly retry: () => void };

/**
 * Setup payment for the card gateway (spec 2 §4): the client token and settings for this version of
 * the basket, then braintree-web, under the 'Loading payment details' overlay. A changed basket (a
 * new stale hash) tears it down and sets it up again; so does leaving the payment step. Each piece of
 * braintree-web has the checkout's load limit (spec 2 §9); past it the shopper hears 310001 and may retry.
 */
/**
 * The last card gateway set-up of the page, settled and, if it was dropped, torn down. Set-ups take
 * turns: braintree-web's 3-D Secure drives one global Cardinal (songbird), and tearing one instance
 * down removes the Cardinal listeners of every instance, so a set-up dropped while the next one was
 * being made (a billing change that reprices the basket) left the new one's verification waiting
 * for ever.
 */
let lastSetUp: Promise<unknown> = Promise.resolve();

export function useCardGatewaySetup(basketReference: string, basketVersion: string, enabled: boolean): CardGatewaySetup {
  const { wait, notify } = useAppUi();
  const [attempt, setAttempt] = useState(0);
  const key = `${basketReference}:${basketVersion}:${attempt}`;
  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  // The outcome of the last setup, for the basket version it was made for.
  const [outcome, setOutcome] = useState<{ readonly key: string; readonly setup: CardGatewaySetup } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let made: CardGatewayClient | null = null;
    const previous = lastSetUp;
    const finished = wait('payment-details', async () => {
      await previous;
      const checkout = await fetchCardCheckout(basketReference);
      const gateway = await setUpCardGateway({
        clientToken: checkout.client_token,
        threeDSecure: checkout.three_d_secure,
        collectDeviceData: checkout.collect_device_data,
        loadLimitMs: loadLimitOf(checkout.script_load_timeout_ms),
      });
      return { checkout, gateway };
    }).then(
      ({ checkout, gateway }) => {
        made = gateway;
        if (!cancelled) setOutcome({ key, setup: { status: 'ready', checkout, gateway } });
      },
      () => {
        if (cancelled) return;
        setOutcome({ key, setup: { status: 'failed', retry } });
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
      },
    );
    lastSetUp = finished;
    return () => {
      cancelled = true;
      // Torn down once made (at once if it already was); the next set-up waits for that.
      lastSetUp = finished.then(() => made?.teardown()).catch(() => undefined);
      // A torn-down gateway is never handed out again: a billing change that keeps the card gateway
      // (same basket version) sets it up afresh instead of showing a form its client can no longer make.
      setOutcome((current) => (current?.key === key ? null : current));
    };
  }, [basketReference, key, enabled, wait, notify, retry]);

  if (!enabled) return { status: 'idle' };
  return outcome?.key === key ? outcome.setup : { status: 'loading' };
}
