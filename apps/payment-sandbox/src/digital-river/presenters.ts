import type { DigitalRiverContext } from './context';
import { clean, type Json } from './http';
import type { CheckoutRecord, CustomerRecord, FileRecord, OrderRecord, SourceRecord, TaxIdentifierRecord } from './model';
import { itemTotals, orderAmounts, orderState } from './fulfillments';
import { refundAmounts } from './refunds';
import { applicabilityOf, priceItems, sellingEntityFor, TAX_IDENTIFIER_TYPES, taxRateFor, US_TAX_COUNTRIES, type TaxReason } from './tax';

/** The provider's objects as the API answers them (camelCase, `liveMode: false`). */

export function presentTaxIdentifier(record: TaxIdentifierRecord): Json {
  const type = TAX_IDENTIFIER_TYPES[record.type];
  return clean({
    id: record.id,
    createdTime: record.createdTime,
    updatedTime: record.updatedTime,
    customerId: record.customerId,
    type: record.type,
    value: record.value,
    state: record.state,
    stateTransitions: record.stateTransitions,
    verifiedName: record.verifiedName,
    verifiedAddress: record.verifiedAddress,
    applicability: type ? applicabilityOf(type) : [],
    liveMode: false,
  });
}

export function presentSource(record: SourceRecord): Json {
  // The private `outcome` stays in the sandbox.
  return clean({
    id: record.id,
    clientSecret: record.clientSecret,
    createdTime: record.createdTime,
    updatedTime: record.updatedTime,
    type: record.type,
    currency: record.currency,
    amount: record.amount,
    reusable: record.reusable,
    owner: record.owner,
    creditCard: record.creditCard,
    flow: record.flow,
    state: record.state,
    customerId: record.customerId,
    paymentSessionId: record.paymentSessionId ?? undefined,
    liveMode: false,
  });
}

export function presentFile(record: FileRecord): Json {
  return clean({
    id: record.id,
    createdTime: record.createdTime,
    fileName: record.fileName ?? undefined,
    purpose: record.purpose,
    size: record.size,
    title: record.title ?? undefined,
    type: record.type,
    liveMode: false,
  });
}

export function presentCustomer(context: DigitalRiverContext, record: CustomerRecord): Json {
  const { state } = context.store;
  return clean({
    id: record.id,
    createdTime: record.createdTime,
    updatedTime: record.updatedTime,
    email: record.email,
    type: record.type,
    locale: record.locale,
    enabled: record.enabled,
    taxCertificates: record.taxCertificates,
    taxIdentifiers: Object.values(state.taxIdentifiers).filter((taxId) => taxId.customerId === record.id).map(presentTaxIdentifier),
    sources: Object.values(state.sources).filter((source) => source.customerId === record.id).map(presentSource),
    requestToBeForgotten: false,
    metadata: record.metadata,
    liveMode: false,
  });
}

/** Whether a tax identifier of this type applies to a sale to this country, customer type and seller. */
export function taxIdentifierApplies(type: string, country: string | undefined, customerType: string, sellingEntityId: string): boolean {
  const known = TAX_IDENTIFIER_TYPES[type];
  return !!known && !!country && known.countries.includes(country.toUpperCase()) && known.customerType === customerType && known.entities.includes(sellingEntityId);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Whether the checkout's customer holds a tax certificate, valid today, for the state it is taxed in (ship-to, else bill-to). */
function hasTaxCertificate(context: DigitalRiverContext, checkout: CheckoutRecord): boolean {
  const customer = checkout.customerId ? context.store.state.customers[checkout.customerId] : undefined;
  const state = taxAddressOf(checkout)?.state?.toUpperCase();
  if (!customer || !state) return false;
  const date = today();
  return customer.taxCertificates.some((certificate) => certificate.taxAuthority.toUpperCase() === state && certificate.startDate.slice(0, 10) <= date && date <= certificate.endDate.slice(0, 10));
}

export interface CheckoutPricing {
  readonly json: Json;
  readonly totalAmount: number;
  readonly taxReason: TaxReason;
}

export function sessionState(context: DigitalRiverContext, checkout: CheckoutRecord): string {
  if (checkout.orderId) return 'complete';
  const source = checkout.sourceId ? context.store.state.sources[checkout.sourceId] : undefined;
  return source?.state === 'chargeable' ? 'requires_confirmation' : 'requires_source';
}

/** The address a checkout is taxed at: where its goods are posted when it has a ship-to, else its bill-to. */
const taxAddressOf = (checkout: CheckoutRecord) => checkout.shipTo?.address ?? checkout.billTo?.address;

/** The checkout priced now (tax follows its ship-to or bill-to address, customer type, tax identifiers and customer). */
export function presentCheckout(context: DigitalRiverContext, checkout: CheckoutRecord): CheckoutPricing {
  const { state } = context.store;
  const sellingEntity = sellingEntityFor(checkout.currency);
  const country = taxAddressOf(checkout)?.country?.toUpperCase();
  const taxIdentifiers = checkout.taxIdentifierIds.map((id) => state.taxIdentifiers[id]).filter((taxId): taxId is TaxIdentifierRecord => !!taxId);
  const usableTaxIdentifier = taxIdentifiers.some((taxId) => taxId.state !== 'not_valid' && taxIdentifierApplies(taxId.type, country, checkout.customerType, sellingEntity.id));
  const { rate, reason } = taxRateFor({
    country,
    state: taxAddressOf(checkout)?.state,
    customerType: checkout.customerType,
    sellingEntity,
    usableTaxIdentifier,
    taxCertificate: !!country && US_TAX_COUNTRIES.has(country) && hasTaxCertificate(context, checkout),
  });
  const priced = priceItems(checkout.items, { currency: checkout.currency, rate, taxInclusive: checkout.taxInclusive, discount: checkout.discount });
  const source = checkout.sourceId ? state.sources[checkout.sourceId] : undefined;
  const contributed = source?.state === 'chargeable' || checkout.orderId ? priced.totalAmount : 0;
  const json = clean({
    id: checkout.id,
    createdTime: checkout.createdTime,
    updatedTime: checkout.updatedTime,
    customerId: checkout.customerId,
    currency: checkout.currency,
    email: checkout.email,
    locale: checkout.locale,
    browserIp: checkout.browserIp,
    billTo: checkout.billTo,
    shipTo: checkout.shipTo,
    subtotal: priced.subtotal,
    totalTax: priced.totalTax,
    totalImporterTax: 0,
    importerOfRecordTax: false,
    totalFees: 0,
    totalDuty: 0,
    totalDiscount: priced.totalDiscount,
    totalShipping: 0,
    totalAmount: priced.totalAmount,
    discount: checkout.discount,
    taxInclusive: checkout.taxInclusive,
    taxIdentifiers: taxIdentifiers.map(presentTaxIdentifier),
    customerType: checkout.customerType,
    sellingEntity: { id: sellingEntity.id, name: sellingEntity.name },
    items: checkout.items.map((item, index) => ({
      id: item.id,
      skuId: item.skuId,
      productDetails: item.productDetails,
      amount: priced.items[index].amount,
      quantity: item.quantity,
      tax: priced.items[index].tax,
      discount: item.discount,
      importerTax: { amount: 0 },
      duties: { amount: 0 },
      fees: { amount: 0, taxAmount: 0 },
      metadata: item.metadata,
    })),
    payment: {
      sources: source ? [presentSource(source)] : [],
      session: {
        id: checkout.paymentSessionId,
        amountContributed: contributed,
        amountRemainingToBeContributed: Math.round((priced.totalAmount - contributed) * 100) / 100,
        state: sessionState(context, checkout),
        clientSecret: checkout.paymentSessionSecret,
      },
    },
    upstreamId: checkout.upstreamId,
    metadata: checkout.metadata,
    liveMode: false,
  });
  return { json, totalAmount: priced.totalAmount, taxReason: reason };
}

export function presentOrder(context: DigitalRiverContext, order: OrderRecord): Json {
  const source = context.store.state.sources[order.sourceId];
  const snapshot = order.snapshot as Json & { items?: Json[]; payment?: { session?: Json } };
  const state = orderState(order);
  const totals = itemTotals(order);
  const { cancelledAmount, capturedAmount } = orderAmounts(order);
  const refunds = refundAmounts(context, order);
  const itemState = (id: string) => {
    const item = totals.get(id);
    if (!item || item.fulfilled + item.cancelled < item.quantity) return 'created';
    return item.fulfilled === 0 ? 'cancelled' : 'fulfilled';
  };
  return clean({
    ...snapshot,
    id: order.id,
    checkoutId: order.checkoutId,
    createdTime: order.createdTime,
    updatedTime: order.createdTime,
    items: (snapshot.items ?? []).map((item) => ({
      ...item,
      state: itemState(String(item.id)),
      stateTransitions: { created: order.createdTime },
      availableToRefundAmount: refunds.itemAvailable.get(String(item.id)) ?? 0,
    })),
    state,
    stateTransitions: { accepted: order.createdTime, ...(state !== 'accepted' ? { [state]: order.fulfillments?.at(-1)?.createdTime } : {}) },
    fraudState: 'passed',
    fraudStateTransitions: { passed: order.createdTime },
    payment: {
      sources: source ? [presentSource(source)] : [],
      charges: [
        {
          id: order.charge.id,
          createdTime: order.charge.createdTime,
          currency: order.charge.currency,
          amount: order.charge.amount,
          state: order.charge.state,
          captured: false,
          refunded: refunds.refundedAmount > 0,
          refunds: refunds.refunds
            .filter((refund) => refund.state !== 'failed')
            .map((refund) => ({ createdTime: refund.createdTime, amount: refund.amount, state: refund.state })),
          orderId: order.id,
          sourceId: order.charge.sourceId,
          paymentSessionId: order.charge.paymentSessionId,
          type: 'customer_initiated',
          liveMode: false,
        },
      ],
      session: { ...(snapshot.payment?.session ?? {}), state: 'complete', amountContributed: order.charge.amount, amountRemainingToBeContributed: 0 },
    },
    availableToRefundAmount: refunds.availableToRefundAmount,
    capturedAmount,
    cancelledAmount,
    refundedAmount: refunds.refundedAmount,
    requestToBeForgotten: false,
    liveMode: false,
  });
}

export const listOf = (data: readonly Json[], limit: number) => ({ hasMore: data.length > limit, data: data.slice(0, limit) });

