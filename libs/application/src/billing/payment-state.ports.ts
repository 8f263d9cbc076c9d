import type { PaymentGateway } from '@store/domain';

/** The payment state of a basket (spec 2 §3), kept for one version of the basket. */
export interface PaymentStateRepository {
  /**
   * Records the gateway chosen for this version of the basket, clearing any session, source or
   * token of an earlier choice. False when the basket has moved on since (nothing is written).
   */
  chooseGateway(basketReference: string, basketVersion: number, gateway: PaymentGateway): Promise<boolean>;
  gatewayOf(basketReference: string): Promise<PaymentGateway | null>;
}
export const PAYMENT_STATE_REPOSITORY = Symbol('PaymentStateRepository');
