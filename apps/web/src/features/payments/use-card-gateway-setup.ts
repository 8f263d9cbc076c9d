import type { CardCheckoutJson } from '@store/domain';
import { useEffect, useState } from 'react';
import { useCheckoutUi } from '../checkout/checkout-ui';
import { fetchCardCheckout } from './api/card-checkout';
import { setUpCardGateway, type CardGatewayClient } from './braintree/card-gateway-client';

export type CardGatewaySetup =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly checkout: CardCheckoutJson; readonly gateway: CardGatewayClient }
  | { readonly status: 'failed' };

/**
 * Setup payment for the card gateway (spec 2 §4): the client token and settings for this version of
 * the basket, then braintree-web, under the 'Loading payment details' overlay. A changed basket (a
 * new stale hash) tears it down and sets it up again; so does leaving the payment step.
 */
export function useCardGatewaySetup(basketReference: string, basketVersion: string, enabled: boolean): CardGatewaySetup {
  const { wait, notify } = useCheckoutUi();
  const key = `${basketReference}:${basketVersion}`;
  // The outcome of the last setup, for the basket version it was made for.
  const [outcome, setOutcome] = useState<{ readonly key: string; readonly setup: CardGatewaySetup } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let made: CardGatewayClient | null = null;
    wait('payment-details', async () => {
      const checkout = await fetchCardCheckout(basketReference);
      const gateway = await setUpCardGateway({
        clientToken: checkout.client_token,
        threeDSecure: checkout.three_d_secure,
        collectDeviceData: checkout.collect_device_data,
      });
      return { checkout, gateway };
    })
      .then(({ checkout, gateway }) => {
        made = gateway;
        if (cancelled) return void gateway.teardown();
        setOutcome({ key, setup: { status: 'ready', checkout, gateway } });
      })
      .catch(() => {
        if (cancelled) return;
        setOutcome({ key, setup: { status: 'failed' } });
        notify(310001);
      });
    return () => {
      cancelled = true;
      void made?.teardown();
    };
  }, [basketReference, key, enabled, wait, notify]);

  if (!enabled) return { status: 'idle' };
  return outcome?.key === key ? outcome.setup : { status: 'loading' };
}
