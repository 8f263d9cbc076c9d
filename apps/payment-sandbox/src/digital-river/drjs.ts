import { checkCard } from './cards';
import type { DigitalRiverContext, DrReply } from './context';
import { badRequest, isObject, missing, notFound, ok, type Json } from './http';
import type { CheckoutRecord, SourceRecord } from './model';
import { presentCheckout, presentSource, sessionState } from './presenters';
import { DigitalRiverStore, now } from './store';
import { SELLING_ENTITIES, sellingEntityFor, TAX_IDENTIFIER_TYPES } from './tax';

/**
 * Ours: what the DigitalRiver.js stand-in asks the sandbox, with the public key. The real library
 * talks to the provider's own (undocumented) endpoints; these have the same job: read a payment
 * session, list the tax identifier types that apply, and make a source from card details.
 *
 * - GET  /__drjs/sessions/{sessionId}
 * - GET  /__drjs/tax-identifier-types?sessionId=… | ?country=DE[&sellingEntity=DR_IRELAND-ENTITY][&type=business]
 * - POST /__drjs/sources {sessionId?, type: 'creditCard', owner?, creditCard: {number, expirationMonth, expirationYear, cvv}, amount?, currency?}
 */

const checkoutBySession = (context: DigitalRiverContext, sessionId: string): CheckoutRecord | undefined =>
  Object.values(context.store.state.checkouts).find((checkout) => checkout.paymentSessionId === sessionId);

/** The tax identifier types a sale to this country, seller and customer type takes, with their format patterns. */
function taxIdentifierTypes(country: string | undefined, sellingEntityId: string | undefined, customerType: string | undefined) {
  const upper = country?.toUpperCase();
  return Object.entries(TAX_IDENTIFIER_TYPES)
    .filter(([, type]) => !!upper && type.countries.includes(upper) && (!sellingEntityId || type.entities.includes(sellingEntityId)) && (!customerType || type.customerType === customerType))
    .map(([name, type]) => ({ type: name, customerType: type.customerType, pattern: type.pattern.source }));
}

function taxIdentifierInfo(types: ReturnType<typeof taxIdentifierTypes>) {
  // None of the sandbox's countries requires a tax identifier (the provider's table says so of Brazil, Kenya and Taiwan).
  return { hasTaxIdentifier: types.length > 0, businessTaxIdentifierRequired: false, individualTaxIdentifierRequired: false, types };
}

export function getSession(context: DigitalRiverContext, sessionId: string): DrReply {
  const checkout = checkoutBySession(context, sessionId);
  if (!checkout) return notFound('Payment session', sessionId, 'sessionId');
  const priced = presentCheckout(context, checkout);
  const sellingEntity = sellingEntityFor(checkout.currency);
  return ok({
    id: sessionId,
    state: sessionState(context, checkout),
    amount: priced.totalAmount,
    currency: checkout.currency,
    country: checkout.billTo?.address?.country ?? null,
    billTo: checkout.billTo ?? null,
    email: checkout.email ?? null,
    customerType: checkout.customerType,
    sellingEntity: { id: sellingEntity.id, name: sellingEntity.name },
    paymentMethodTypes: ['creditCard'],
    taxIdentifier: taxIdentifierInfo(taxIdentifierTypes(checkout.billTo?.address?.country, sellingEntity.id, checkout.customerType)),
    dropIn: { hang: context.store.state.dropInHangs },
  });
}

export function getTaxIdentifierTypes(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const sessionId = query.get('sessionId');
  if (sessionId) {
    const checkout = checkoutBySession(context, sessionId);
    if (!checkout) return notFound('Payment session', sessionId, 'sessionId');
    const sellingEntity = sellingEntityFor(checkout.currency);
    return ok(taxIdentifierInfo(taxIdentifierTypes(checkout.billTo?.address?.country, sellingEntity.id, checkout.customerType)));
  }
  const country = query.get('country');
  if (!country) return missing('country');
  // Without a session the provider picks a default entity: Ireland's, the sandbox's default seller.
  return ok(taxIdentifierInfo(taxIdentifierTypes(country, query.get('sellingEntity') ?? SELLING_ENTITIES.ireland.id, query.get('type') ?? undefined)));
}

/** The source's owner: what the script sent, over the payment session's bill-to details. */
function ownerFrom(body: Json, checkout: CheckoutRecord | undefined): Record<string, unknown> {
  const billTo = checkout?.billTo;
  const [firstName, ...rest] = (billTo?.name ?? '').split(' ');
  return JSON.parse(
    JSON.stringify({
      firstName: firstName || undefined,
      lastName: rest.join(' ') || undefined,
      email: billTo?.email ?? checkout?.email,
      phoneNumber: billTo?.phone,
      organization: billTo?.organization,
      address: billTo?.address,
      ...(isObject(body.owner) ? body.owner : {}),
    }),
  ) as Record<string, unknown>;
}

/** Makes a credit card source; the provider's test cards decide what happens (see cards.ts). */
export function createSource(context: DigitalRiverContext, body: Json): DrReply {
  if (body.type !== undefined && body.type !== 'creditCard') return badRequest('invalid_parameter', 'type', `Ours: the sandbox makes only creditCard sources, not '${String(body.type)}'.`);
  if (!isObject(body.creditCard)) return missing('creditCard');
  let checkout: CheckoutRecord | undefined;
  if (body.sessionId !== undefined) {
    checkout = checkoutBySession(context, String(body.sessionId));
    if (!checkout) return notFound('Payment session', String(body.sessionId), 'sessionId');
  }
  const card = checkCard(body.creditCard);
  if (!card.ok) return badRequest(card.code, card.parameter, card.message);
  if (card.outcome === 'source_creation_failed') return badRequest('source_creation_failed', undefined, 'The source could not be created.');
  const time = now();
  const id = DigitalRiverStore.uuid();
  const source: SourceRecord = {
    id,
    clientSecret: `${id}_${DigitalRiverStore.uuid()}`,
    type: 'creditCard',
    currency: checkout?.currency ?? (typeof body.currency === 'string' ? body.currency.toUpperCase() : 'USD'),
    amount: checkout ? presentCheckout(context, checkout).totalAmount : typeof body.amount === 'number' ? body.amount : 0,
    reusable: false,
    owner: ownerFrom(body, checkout),
    creditCard: { brand: card.brand, lastFourDigits: card.lastFourDigits, expirationMonth: Number(body.creditCard.expirationMonth), expirationYear: normalizedYear(body.creditCard.expirationYear) },
    flow: 'standard',
    state: 'chargeable',
    paymentSessionId: checkout?.paymentSessionId ?? null,
    createdTime: time,
    updatedTime: time,
    outcome: card.outcome,
  };
  context.store.state.sources[id] = source;
  context.store.save();
  return ok({ ...presentSource(source), sessionId: source.paymentSessionId ?? undefined }, 201);
}

function normalizedYear(value: unknown): number {
  const year = Number(value);
  return year < 100 ? 2000 + year : year;
}
