import type { PaymentGateway } from '@store/domain';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../../lib/yield-to-main';
import { braintreeGateway } from './braintree/gateway';
import { digitalRiverGateway } from './digital-river/gateway';
import { NO_PROGRESS, type GatewayProgress, type GatewaySetup, type GatewaySetupInput, type PaymentGatewayPlugin } from './gateway';

/** The gateways that take money, one line each: the checkout renders the basket's without naming it. */
export const PAYMENT_GATEWAYS: readonly PaymentGatewayPlugin[] = [
  braintreeGateway,
  digitalRiverGateway,
];

/** The registered gateway of that key; none for a complimentary order (or no gateway yet). */
export function paymentGateway(key: PaymentGateway | null): PaymentGatewayPlugin | undefined {
  return PAYMENT_GATEWAYS.find((gateway) => gateway.descriptor.key === key);
}

export interface PaymentGatewaySetups {
  /** Each registered gateway's set-up, by key. */
  readonly setups: ReadonlyMap<PaymentGateway, GatewaySetup>;
  /** The step choice's facts, from the wanted gateway's set-up. */
  readonly progress: GatewayProgress;
  /** Forgets every gateway's payment state (billing or the exemption answer changed). */
  readonly reset: () => void;
}

/**
 * A gateway newly wanted is passed on once the page has painted the render that wanted it (the
 * checkout with its basket): its set-up fetches the provider's code and data and creates its
 * components, which on a phone held off the basket's first paint (Lighthouse, a returning shopper at
 * the payment step). No longer wanted, it is dropped at once.
 */
function useAfterPaint(wanted: PaymentGateway | null): PaymentGateway | null {
  const [painted, setPainted] = useState<PaymentGateway | null>(null);
  useEffect(() => {
    if (wanted === null || wanted === painted) return undefined;
    return afterNextPaint(() => setPainted(wanted));
  }, [wanted, painted]);
  return wanted !== null && wanted === painted ? wanted : null;
}

/**
 * Every registered gateway's set-up hook, only the wanted one's doing anything. The registry is
 * fixed for the life of the page, so the hooks are called in the same order on every render.
 */
export function usePaymentGatewaySetups(input: Omit<GatewaySetupInput, 'wanted'>, wantedNow: PaymentGateway | null): PaymentGatewaySetups {
  const wanted = useAfterPaint(wantedNow);
  const setups = new Map<PaymentGateway, GatewaySetup>();
  for (const gateway of PAYMENT_GATEWAYS) setups.set(gateway.descriptor.key, gateway.useSetup({ ...input, wanted: gateway.descriptor.key === wanted }));
  return {
    setups,
    progress: (wanted !== null ? setups.get(wanted)?.progress : undefined) ?? NO_PROGRESS,
    reset: () => setups.forEach((setup) => setup.reset()),
  };
}
