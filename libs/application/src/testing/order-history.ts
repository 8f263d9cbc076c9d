import type { Customer } from '@store/domain';
import type { InvoiceRenderer, Seller } from '../orders/invoice.ports';
import type { Order, OrderDraft, OrderRepository, ProductKey } from '../orders/orders.ports';
import type { InMemoryBasketRepository } from './in-memory-basket.repository';
import { aBasketOf, anOrderDraft } from './mothers';

/** How an order ended up: reserved and left, paid (with a key for each line), or refused. */
export type OrderOutcome = 'pending' | 'paid' | 'failed';

/**
 * An order of the customer, taken through the repository as PlaceOrder takes it (a basket of their
 * own reserved, then completed or failed), so it is stored exactly as a real one would be.
 */
export async function anOrderIn(
  store: { readonly orders: OrderRepository; readonly baskets: InMemoryBasketRepository },
  customer: Pick<Customer, 'id'>,
  outcome: OrderOutcome,
  draft: Partial<OrderDraft> = {},
): Promise<{ readonly order: Order; readonly productKeys: readonly ProductKey[] }> {
  const basket = aBasketOf(customer, { reference: `basket-${store.baskets.baskets.size + 1}` });
  await store.baskets.save(basket);
  const reserved = await store.orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference, ...draft }), basket.version);
  if ('refused' in reserved) throw new Error(`The order could not be reserved: ${reserved.refused}`);
  const { number, lines } = reserved.order;
  const productKeys = lines.map((line, linePosition) => ({ key: `KEY-${number}-${linePosition}`, linePosition, productReference: line.productReference }));
  if (outcome === 'paid') await store.orders.complete(number, { transactionId: `txn-${number}`, productKeys, receipt: { to: 'shopper@example.com', subject: number, text: '' } });
  if (outcome === 'failed') await store.orders.fail(number, 2001, 'Insufficient Funds');
  const order = await store.orders.find(number);
  if (!order) throw new Error(`Order ${number} was not stored`);
  return { order, productKeys: outcome === 'paid' ? productKeys : [] };
}

/** An invoice renderer that writes, in ASCII, what it was asked to render, so a spec can read it back. */
export class TextInvoiceRenderer implements InvoiceRenderer {
  async render(order: Order, customer: Customer, seller: Seller): Promise<Uint8Array> {
    const text = `${seller.name} invoices ${customer.email} for ${order.number}: ${order.grossMinor} ${order.currency}`;
    return Uint8Array.from(text, (character) => character.charCodeAt(0));
  }

  static read(pdf: Uint8Array): string {
    return String.fromCharCode(...pdf);
  }
}

export const A_SELLER: Seller = { name: 'Example Seller Ltd', address: ['1 Example Street', 'Nottingham'], taxId: 'GB123456789' };
