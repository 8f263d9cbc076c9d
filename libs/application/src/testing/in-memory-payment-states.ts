import { gatewayDescriptor, type PaymentGateway } from '@store/domain';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { MorCheckout } from '../payments/merchant-of-record.ports';
import type { InMemoryBasketRepository } from './in-memory-basket.repository';

interface PaymentState {
  readonly basketVersion: number;
  readonly gateway: PaymentGateway;
  readonly checkout: MorCheckout | null;
  readonly source: string | null;
}

// Only a gateway that sells from a checkout of its own keeps one, as in Postgres.
const sellsFromCheckout = (state: PaymentState): boolean => gatewayDescriptor(state.gateway).paymentSetup === 'checkout-session';

/**
 * Payment states in memory, tied to a basket's version as in Postgres: written only for the version
 * the basket is at, and read back only while it is still there (an edit of the basket voids it).
 */
export class InMemoryPaymentStates implements PaymentStateRepository {
  readonly states = new Map<string, PaymentState>();

  constructor(private readonly baskets: InMemoryBasketRepository) {}

  async chooseGateway(basketReference: string, basketVersion: number, gateway: PaymentGateway): Promise<boolean> {
    if (this.baskets.baskets.get(basketReference)?.version !== basketVersion) return false;
    this.states.set(basketReference, { basketVersion, gateway, checkout: null, source: null });
    return true;
  }

  async gatewayOf(basketReference: string): Promise<PaymentGateway | null> {
    return this.current(basketReference)?.gateway ?? null;
  }

  async saveCheckout(basketReference: string, basketVersion: number, checkout: MorCheckout): Promise<boolean> {
    const state = this.current(basketReference);
    if (!state || state.basketVersion !== basketVersion || !sellsFromCheckout(state)) return false;
    this.states.set(basketReference, { ...state, checkout, source: null });
    return true;
  }

  async checkoutOf(basketReference: string): Promise<MorCheckout | null> {
    const state = this.current(basketReference);
    return state && sellsFromCheckout(state) ? state.checkout : null;
  }

  async saveSource(basketReference: string, checkoutId: string, sourceId: string): Promise<boolean> {
    const state = this.current(basketReference);
    if (!state || state.checkout?.checkoutId !== checkoutId) return false;
    this.states.set(basketReference, { ...state, source: sourceId });
    return true;
  }

  /** The source recorded for the basket's checkout, if any. */
  sourceOf(basketReference: string): string | null {
    return this.current(basketReference)?.source ?? null;
  }

  private current(basketReference: string): PaymentState | null {
    const state = this.states.get(basketReference);
    return state && this.baskets.baskets.get(basketReference)?.version === state.basketVersion ? state : null;
  }
}
