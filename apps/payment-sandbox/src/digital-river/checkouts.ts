import type { DigitalRiverContext, DrReply } from './context';
import { conflict, errorReply, invalid, isObject, missing, noContent, notFound, ok, type Json } from './http';
import type { BillTo, CheckoutRecord, CustomerType, ItemDiscount, ItemRequest } from './model';
import { listOf, presentCheckout, presentSource, taxIdentifierApplies } from './presenters';
import { DigitalRiverStore, now } from './store';
import { CURRENCY_DIGITS, sellingEntityFor } from './tax';

/**
 * Checkouts: POST /checkouts, GET /checkouts[/{id}], POST /checkouts/{id} (update), DELETE
 * /checkouts/{id}, POST|DELETE /checkouts/{id}/sources/{sourceId}.
 */

const isString = (value: unknown): value is string => typeof value === 'string';

function discountOf(value: unknown, parameter: string): ItemDiscount | DrReply {
  if (!isObject(value)) return invalid(parameter, `${parameter} must be an object.`);
  const discount: ItemDiscount = {};
  if (value.percentOff !== undefined) {
    const percent = Number(value.percentOff);
    if (typeof value.percentOff !== 'number' || !(percent >= 0.01 && percent <= 100)) return errorReply(400, { code: 'invalid_discount_percent', parameter: 'discount', message: 'The value must be an integer between 0.01 and 100.00 inclusive.' });
    discount.percentOff = percent;
  } else if (value.amountOff !== undefined) {
    if (typeof value.amountOff !== 'number' || !(value.amountOff > 0)) return errorReply(400, { code: 'invalid_discount_amount', parameter: 'discount', message: `The value ${Number(value.amountOff).toFixed(1)} is not permitted.` });
    discount.amountOff = value.amountOff;
  } else return missing(`${parameter}.percentOff`);
  if (value.quantity !== undefined) {
    if (!Number.isInteger(value.quantity) || (value.quantity as number) < 1) return invalid(`${parameter}.quantity`, `${parameter}.quantity must be a positive integer.`);
    discount.quantity = value.quantity as number;
  }
  return discount;
}

const isReply = (value: unknown): value is DrReply => isObject(value) && typeof value.status === 'number' && 'body' in value && isObject(value.body) && 'errors' in value.body;

function itemsOf(value: unknown): ItemRequest[] | DrReply {
  if (!Array.isArray(value) || value.length === 0) return missing('items');
  const items: ItemRequest[] = [];
  for (const [index, raw] of value.entries()) {
    const name = `items[${index}]`;
    if (!isObject(raw)) return invalid(name, `${name} must be an object.`);
    if (!isString(raw.skuId) && !isObject(raw.productDetails)) return missing(`${name}.skuId`);
    const quantity = raw.quantity ?? 1;
    if (!Number.isInteger(quantity) || (quantity as number) < 1) return invalid(`${name}.quantity`, `'${String(quantity)}' is not a valid quantity.`);
    // Ours: the sandbox keeps no SKU catalogue, so each item needs its price.
    if (raw.price === undefined && raw.aggregatePrice === undefined) return missing(`${name}.price`);
    const price = raw.price ?? raw.aggregatePrice;
    if (typeof price !== 'number' || !(price >= 0)) return invalid(`${name}.price`, `'${String(price)}' is not a valid price.`);
    const item: ItemRequest = { quantity: quantity as number };
    if (isString(raw.skuId)) item.skuId = raw.skuId;
    if (isObject(raw.productDetails)) item.productDetails = raw.productDetails;
    if (raw.price !== undefined) item.price = price;
    else item.aggregatePrice = price;
    if (raw.discount !== undefined) {
      const discount = discountOf(raw.discount, `${name}.discount`);
      if (isReply(discount)) return discount;
      item.discount = discount;
    }
    if (isObject(raw.metadata)) item.metadata = raw.metadata;
    items.push(item);
  }
  return items;
}

function billToOf(value: unknown, key: 'billTo' | 'shipTo' = 'billTo'): BillTo | DrReply {
  if (!isObject(value)) return invalid(key, `${key} must be an object.`);
  const address = value.address;
  if (!isObject(address)) return missing(`${key}.address`);
  if (!isString(address.country) || !/^[A-Za-z]{2}$/.test(address.country)) return invalid(`${key}.address.country`, `'${String(address.country ?? '')}' is not a valid country.`);
  const text = (key: string, from: Json) => (isString(from[key]) ? (from[key] as string) : undefined);
  return {
    address: {
      line1: text('line1', address),
      line2: text('line2', address),
      city: text('city', address),
      postalCode: text('postalCode', address),
      state: text('state', address),
      country: address.country.toUpperCase(),
    },
    name: text('name', value),
    phone: text('phone', value),
    email: text('email', value),
    organization: text('organization', value),
  };
}

/**
 * Applies a create or update request to a copy of the checkout; the copy comes back only when every
 * field is valid, so a refused update changes nothing.
 */
function applyFields(context: DigitalRiverContext, original: CheckoutRecord, body: Json, creating: boolean): CheckoutRecord | DrReply {
  const { state } = context.store;
  const checkout: CheckoutRecord = structuredClone(original);
  if (body.currency !== undefined || creating) {
    if (body.currency === undefined) return missing('currency');
    const currency = isString(body.currency) ? body.currency.toUpperCase() : '';
    if (!(currency in CURRENCY_DIGITS)) return invalid('currency', `Currency '${String(body.currency)}' is not supported.`);
    checkout.currency = currency;
  }
  for (const key of ['email', 'locale', 'browserIp', 'upstreamId'] as const) {
    if (body[key] === undefined) continue;
    if (!isString(body[key])) return invalid(key, `${key} must be a string.`);
    checkout[key] = body[key];
  }
  if (body.customerId !== undefined) {
    const id = String(body.customerId);
    const customer = state.customers[id];
    if (!customer) return conflict('not_found', `Customer '${id}' not found.`, 'customerId');
    checkout.customerId = id;
    if (body.customerType === undefined && customer.type && creating) checkout.customerType = customer.type;
  }
  if (body.customerType !== undefined) {
    if (body.customerType !== 'business' && body.customerType !== 'individual') return invalid('customerType', `'${String(body.customerType)}' is not a valid customerType.`);
    checkout.customerType = body.customerType as CustomerType;
  }
  if (body.taxInclusive !== undefined) {
    if (typeof body.taxInclusive !== 'boolean') return invalid('taxInclusive', 'taxInclusive must be true or false.');
    checkout.taxInclusive = body.taxInclusive;
  }
  if (body.billTo !== undefined) {
    const billTo = billToOf(body.billTo);
    if (isReply(billTo)) return billTo;
    checkout.billTo = billTo;
  }
  if (body.items !== undefined || creating) {
    const items = itemsOf(body.items);
    if (isReply(items)) return items;
    checkout.items = items.map((item) => ({ ...item, id: DigitalRiverStore.uuid() }));
  }
  if (body.discount !== undefined) {
    if (body.discount === null) delete checkout.discount;
    else {
      const discount = discountOf(body.discount, 'discount');
      if (isReply(discount)) return discount;
      checkout.discount = { amountOff: discount.amountOff, percentOff: discount.percentOff };
    }
  }
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) return invalid('metadata', 'metadata must be an object.');
    checkout.metadata = body.metadata;
  }
  if (body.shipTo !== undefined) {
    if (body.shipTo === null) delete checkout.shipTo;
    else {
      const shipTo = billToOf(body.shipTo, 'shipTo');
      if (isReply(shipTo)) return shipTo;
      checkout.shipTo = shipTo;
    }
  }
  // Ours: shipFrom, shippingChoice, purchaseLocation and chargeType are taken and ignored.
  if (body.taxIdentifiers !== undefined) {
    if (!Array.isArray(body.taxIdentifiers)) return invalid('taxIdentifiers', 'taxIdentifiers must be an array.');
    const ids: string[] = [];
    const sellingEntity = sellingEntityFor(checkout.currency);
    for (const entry of body.taxIdentifiers) {
      const id = isObject(entry) && entry.id !== undefined ? String(entry.id) : '';
      const taxId = state.taxIdentifiers[id];
      // The provider's documented answers for a deleted and for an inapplicable tax identifier.
      if (!taxId) return conflict('not_found', `Tax identifier '${id}' not found.`, 'id');
      if (taxId.customerId && checkout.customerId && taxId.customerId !== checkout.customerId) {
        return conflict('tax_identifier_in_use', `Tax identifier '${id}' is attached to a different customer.`, 'taxIdentifiers');
      }
      if (!taxIdentifierApplies(taxId.type, checkout.billTo?.address?.country, checkout.customerType, sellingEntity.id)) {
        return conflict('invalid_parameter', `Tax identifier '${id}' is not applicable.`, 'taxIdentifiers');
      }
      ids.push(id);
    }
    checkout.taxIdentifierIds = ids;
  }
  checkout.updatedTime = now();
  return checkout;
}

export function createCheckout(context: DigitalRiverContext, body: Json): DrReply {
  const time = now();
  const sessionId = DigitalRiverStore.uuid();
  const blank: CheckoutRecord = {
    id: DigitalRiverStore.uuid(),
    createdTime: time,
    updatedTime: time,
    currency: 'USD',
    customerType: 'individual',
    taxInclusive: false,
    items: [],
    taxIdentifierIds: [],
    paymentSessionId: sessionId,
    paymentSessionSecret: `${sessionId}_${DigitalRiverStore.uuid()}`,
    sourceId: null,
    orderId: null,
    rejectedOrders: 0,
  };
  const checkout = applyFields(context, blank, body, true);
  if (isReply(checkout)) return checkout;
  context.store.state.checkouts[checkout.id] = checkout;
  context.store.save();
  return ok(presentCheckout(context, checkout).json, 201);
}

const orderExists = (checkout: CheckoutRecord) =>
  conflict('order_exists', `Checkout '${checkout.id}' has already been converted to order '${checkout.orderId}'.`, 'checkoutId');

export function updateCheckout(context: DigitalRiverContext, id: string, body: Json): DrReply {
  const existing = context.store.state.checkouts[id];
  if (!existing) return notFound('Checkout', id);
  // Ours: the provider's answer for updating a converted checkout is not documented.
  if (existing.orderId) return orderExists(existing);
  const checkout = applyFields(context, existing, body, false);
  if (isReply(checkout)) return checkout;
  context.store.state.checkouts[id] = checkout;
  context.store.save();
  return ok(presentCheckout(context, checkout).json);
}

export function getCheckout(context: DigitalRiverContext, id: string): DrReply {
  const checkout = context.store.state.checkouts[id];
  return checkout ? ok(presentCheckout(context, checkout).json) : notFound('Checkout', id);
}

export function listCheckouts(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const ids = new Set(query.getAll('ids').flatMap((value) => value.split(',')));
  const upstreamIds = new Set(query.getAll('upstreamIds').flatMap((value) => value.split(',')));
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100);
  const data = Object.values(context.store.state.checkouts)
    .filter((checkout) => (ids.size === 0 || ids.has(checkout.id)) && (upstreamIds.size === 0 || upstreamIds.has(checkout.upstreamId ?? '')))
    .sort((a, b) => b.createdTime.localeCompare(a.createdTime))
    .map((checkout) => presentCheckout(context, checkout).json);
  return ok(listOf(data, limit));
}

export function deleteCheckout(context: DigitalRiverContext, id: string): DrReply {
  if (!context.store.state.checkouts[id]) return notFound('Checkout', id);
  delete context.store.state.checkouts[id];
  context.store.save();
  return noContent;
}

/** Attaches a source as the checkout's primary source (replacing any other): the session is then funded. */
export function attachSource(context: DigitalRiverContext, id: string, sourceId: string): DrReply {
  const { state } = context.store;
  const checkout = state.checkouts[id];
  if (!checkout) return notFound('Checkout', id);
  const source = state.sources[sourceId];
  if (!source) return notFound('Source', sourceId, 'sourceId');
  if (checkout.orderId) return orderExists(checkout);
  // Ours: the provider's codes for these two refusals are not documented.
  if (source.state !== 'chargeable') return conflict('source_not_chargeable', `Source '${sourceId}' is ${source.state} and can't be attached.`, 'sourceId');
  if (source.paymentSessionId && source.paymentSessionId !== checkout.paymentSessionId) {
    return conflict('invalid_parameter', `Source '${sourceId}' was made for a different payment session.`, 'sourceId');
  }
  checkout.sourceId = sourceId;
  checkout.updatedTime = now();
  context.store.save();
  return ok(presentSource(source));
}

export function detachSource(context: DigitalRiverContext, id: string, sourceId: string): DrReply {
  const checkout = context.store.state.checkouts[id];
  if (!checkout) return notFound('Checkout', id);
  if (checkout.sourceId !== sourceId) return notFound('Source', sourceId, 'sourceId');
  if (checkout.orderId) return orderExists(checkout);
  checkout.sourceId = null;
  checkout.updatedTime = now();
  context.store.save();
  return noContent;
}

export { orderExists };
