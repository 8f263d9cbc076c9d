import type { PaymentGateway } from '@store/domain';
import type { MorCheckout } from '../payments/merchant-of-record.ports';

/** The payment state of a basket (spec 2 §3), kept for one version of the basket. */
export interface PaymentStateRepository {
  /**
   * Records the gateway chosen for this version of the basket, clearing any session, source or
   * token of an earlier choice. False when the basket has moved on since (nothing is written).
   */
  chooseGateway(basketReference: string, basketVersion: number, gateway: PaymentGateway): Promise<boolean>;
  gatewayOf(basketReference: string): Promise<PaymentGateway | null>;
  /**
   * Keeps the merchant-of-record checkout for this version of the basket (its gateway must be
   * digital-river); false when the basket moved on or chose another gateway.
   */
  saveCheckout(basketReference: string, basketVersion: number, checkout: MorCheckout): Promise<boolean>;
  /** The checkout kept for the basket's current version, if any. */
  checkoutOf(basketReference: string): Promise<MorCheckout | null>;
  /** Records the payment source attached to that checkout (spec 2 §3 source). */
  saveSource(basketReference: string, checkoutId: string, sourceId: string): Promise<boolean>;
}
export const PAYMENT_STATE_REPOSITORY = Symbol('PaymentStateRepository');
