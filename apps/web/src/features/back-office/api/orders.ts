import { BACK_OFFICE_PATHS, type AdminOrderJson, type AdminOrderSearchJson, type RefundBody, type RefundJson } from '@store/domain';

/** A refund's answer: the refund, and the order as it is now. */
export interface RefundAnswer {
  readonly refund: RefundJson;
  readonly order: AdminOrderJson;
}
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryServerTrouble } from './session';

export interface OrderSearch {
  readonly q: string;
  readonly from: string;
  readonly to: string;
}

export const isEmptySearch = (search: OrderSearch) => !search.q.trim() && !search.from && !search.to;

export function searchPath(search: OrderSearch): string {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  return `${BACK_OFFICE_PATHS.orders}?${params}`;
}

export const orderSearchQuery = (search: OrderSearch) =>
  queryOptions({ queryKey: ['back-office', 'orders', search], queryFn: () => api.get<AdminOrderSearchJson>(searchPath(search)), retry: retryServerTrouble });

export const useOrderSearch = (search: OrderSearch) => useQuery({ ...orderSearchQuery(search), enabled: !isEmptySearch(search) });

export const adminOrderQuery = (number: string) =>
  queryOptions({ queryKey: ['back-office', 'order', number], queryFn: () => api.get<AdminOrderJson>(BACK_OFFICE_PATHS.order(number)), retry: retryServerTrouble });

export const useAdminOrder = (number: string) => useQuery(adminOrderQuery(number));

export const refundOrder = (number: string, body: RefundBody) => api.post<RefundAnswer>(BACK_OFFICE_PATHS.refunds(number), body);
export const resendReceipt = (number: string) => api.post<{ sent_to: string }>(BACK_OFFICE_PATHS.receipt(number), {});
export const reissueKey = (number: string, position: number) => api.post<{ key: string; order: AdminOrderJson }>(BACK_OFFICE_PATHS.reissueKey(number), { position });
