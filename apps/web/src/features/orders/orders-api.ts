import type { BillingAddressJson, LocalPaymentMethod, OrderJson, PaymentGateway, PaymentMethodType } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { awaitsBank } from './bank-debit-wait';
import { awaitsPayment, PAYMENT_POLL_MS } from './payment-wait';

export const ordersQuery = () => queryOptions({ queryKey: ['orders'], queryFn: () => api.get<{ orders: readonly OrderJson[] }>('/data/orders/') });
export const orderQuery = (number: string) =>
  queryOptions({ queryKey: ['orders', number], queryFn: () => api.get<{ order: OrderJson }>(`/data/orders/${encodeURIComponent(number)}`) });

/** The customer's orders, asked for again while one waits for its local payment (its row then says so). */
export const useOrders = () =>
  useQuery({
    ...ordersQuery(),
    refetchInterval: (query) => (query.state.data?.orders.some((order) => awaitsPayment(order) || awaitsBank(order)) ? PAYMENT_POLL_MS : false),
  });
/** One order; while its local payment is awaited it is asked for again every PAYMENT_POLL_MS. */
export const useOrder = (number: string, pollWhile?: (order: OrderJson) => boolean, pollMs = PAYMENT_POLL_MS) =>
  useQuery({ ...orderQuery(number), refetchInterval: (query) => (pollWhile && query.state.data && pollWhile(query.state.data.order) ? pollMs : false) });

export interface PlaceOrderInput {
  readonly basket_reference_id: string;
  readonly basket_stale_hash: string;
  readonly customer_public_id: string;
  readonly gateway: PaymentGateway;
  readonly locale: string;
  readonly existing_order_number?: string;
  readonly withdrawal_consent?: boolean;
  /** The card gateway's payment method nonce and device data (spec 2 §7). */
  readonly token?: string;
  readonly bt_device_data?: string;
  readonly vault_payment_method?: boolean;
  /**
   * The customer's saved payment method that pays, by the store's reference (ours). A card comes with
   * `token`, its vault manager nonce; the saved accounts come without one: the server charges what it keeps.
   */
  readonly saved_method?: string;
  /** A saved card's security code typed again, as the nonce of a CVV-only card frame (ours: when the checkout asks for it). */
  readonly saved_card_cvv_token?: string;
  readonly payment_facilitator?: string;
  readonly payment_method_type?: PaymentMethodType;
  /** The amount the page showed and 3-D Secure verified (ours): the server charges that amount or nothing. */
  readonly amount?: string;
  /** The merchant of record's checkout and the payment source attached to it (spec 2 §7). */
  readonly checkout_id?: string;
  readonly source_id?: string;
  /** The billing address the page shows (spec 2 §7): the server places the order only if it is still the stored one. */
  readonly billing_address?: Omit<BillingAddressJson, 'vat_id_status'>;
  /** Spec 2 §7: the page sends false; the delivery address is the one saved with billing. */
  readonly update_shipping_address?: boolean;
}

/** PLACE_ORDER (spec 2 §7). */
export const placeOrder = (input: PlaceOrderInput) => api.action<{ redirect: string; order_number: string }>('PLACE_ORDER', input);

/** What START_LOCAL_PAYMENT carries: PLACE_ORDER's own fields, the method and the provider's payment id. */
export interface StartLocalPaymentInput extends Omit<
  PlaceOrderInput,
  'token' | 'bt_device_data' | 'vault_payment_method' | 'saved_method' | 'saved_card_cvv_token' | 'checkout_id' | 'source_id' | 'payment_method_type'
> {
  readonly payment_method_type: LocalPaymentMethod;
  readonly payment_id: string;
}

/** Why a local payment ended before it was paid (CANCEL_LOCAL_PAYMENT's reason). */
export type LocalPaymentEnd = 'canceled' | 'window-closed' | 'failed' | 'timeout';

/**
 * START_LOCAL_PAYMENT: PLACE_ORDER's checks, then the order is reserved (pending, nothing charged)
 * with the provider's payment id, so the provider's later word finds it.
 */
export const startLocalPayment = (input: StartLocalPaymentInput) => api.action<{ redirect: string; order_number: string }>('START_LOCAL_PAYMENT', input);

/** CANCEL_LOCAL_PAYMENT: the payment ended unpaid, so the order fails and the shopper can pay another way. */
export const cancelLocalPayment = (orderNumber: string, reason: LocalPaymentEnd) =>
  api.action<Record<string, never>>('CANCEL_LOCAL_PAYMENT', { order_number: orderNumber, reason });

export type { OrderJson };
