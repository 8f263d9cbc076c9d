import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './card-gateway';
import { XHR } from './support';

// What the bank debit journeys share: the sandbox's controls for the bank's answer, found by the
// order number, and the order as its owner reads it.

/** The sandbox's sale for an order (its orderId starts with the order number), once it exists. */
export async function saleOf(request: APIRequestContext, sandboxUrl: string, orderNumber: string): Promise<{ id: string; status: string }> {
  let sale: { id: string; status: string; orderId: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const sales = (await (await request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as { id: string; status: string; orderId: string | null }[];
        sale = sales.find((item) => item.orderId?.startsWith(orderNumber));
        return sale !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return sale as { id: string; status: string };
}

/** What the payer's bank does with the debit: settle it, refuse it at settlement, or take it back later. */
export async function bank(request: APIRequestContext, sandboxUrl: string, transactionId: string, action: 'settle' | 'fail' | 'return'): Promise<void> {
  const response = await request.post(`${sandboxUrl}/__sandbox/transactions/${transactionId}/${action}`, { data: {} });
  expect(response.ok(), `${action} ${transactionId}: ${await response.text()}`).toBe(true);
}

export interface BankDebitOrder {
  readonly status: string;
  readonly bank_debit: { readonly state: string; readonly released: boolean } | null;
  readonly lines: readonly { readonly product_key?: string | null }[];
}

export async function bankDebitOrder(request: APIRequestContext, number: string): Promise<BankDebitOrder> {
  return (await (await request.get(`/data/orders/${number}`, { headers: XHR })).json()).data.order;
}

/** The order number on the order's page. */
export const orderNumberOn = async (page: Page): Promise<string> => (await page.getByTestId('order-number').textContent()) as string;
