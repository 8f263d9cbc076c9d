import type { OrderJson } from '@store/domain';
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
  readonly gateway: 'braintree' | 'digital-river' | 'complimentary';
  readonly locale: string;
  readonly existing_order_number?: string;
  readonly withdrawal_consent?: boolean;
}

/** PLACE_ORDER (spec 2 §7). */
export const placeOrder = (input: PlaceOrderInput) => api.action<{ redirect: string; order_number: string }>('PLACE_ORDER', input);

export type { OrderJson };
