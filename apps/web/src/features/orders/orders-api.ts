import type { BillingAddressJson, OrderJson, PaymentGateway, PaymentMethodType } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const ordersQuery = () => queryOptions({ queryKey: ['orders'], queryFn: () => api.get<{ orders: readonly OrderJson[] }>('/data/orders/') });
export const orderQuery = (number: string) =>
  queryOptions({ queryKey: ['orders', number], queryFn: () => api.get<{ order: OrderJson }>(`/data/orders/${encodeURIComponent(number)}`) });

export const useOrders = () => useQuery(ordersQuery());
export const useOrder = (number: string) => useQuery(orderQuery(number));

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

export type { OrderJson };
