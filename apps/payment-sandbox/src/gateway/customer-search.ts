import type { SandboxContext } from '../context';
import type { AddressRecord, CustomerRecord, PaymentMethodRecord } from '../store';
import { addressesOf } from './addresses';
import type { GatewayCall } from './call';
import { isRecord, paramsXml, type Params } from './params';
import { customerXml } from './presenters';
import { errorReply, fieldError, type Reply } from './reply';
import { searchIdsReply, searchPageReply, textTest } from './search';
import { isCard, methodKind, methodsOf } from './vault';

/**
 * Customer search (`gateway.customer.search`) as the SDK runs it: `customers/advanced_search_ids`
 * with the criteria gives every matching id, then `customers/advanced_search` with the same
 * criteria plus `ids: [page]` gives each page. The criteria are the SDK's CustomerSearch fields,
 * snake_case: text fields (`{is, is_not, starts_with, ends_with, contains}`), the card expiry
 * (`{is, is_not}`), the card number (`{is, is_not, starts_with, ends_with}`), `ids` (a list) and
 * `created_at` (`{min, max, is}`).
 *
 * A customer has several addresses and payment methods: a criterion on them matches a customer one
 * of whose values meets all of the criterion's operators (ours: the provider's reading of
 * `is_not` over several values is not documented). Text ignores case.
 */

/** What a customer search reads of one customer, gathered once per search. */
interface CustomerView {
  readonly customer: CustomerRecord;
  readonly methods: readonly PaymentMethodRecord[];
  readonly addresses: readonly AddressRecord[];
}

type ValuesOf = (view: CustomerView) => readonly (string | null)[];

const own =
  (field: 'id' | 'firstName' | 'lastName' | 'email' | 'company' | 'phone' | 'fax' | 'website'): ValuesOf =>
  ({ customer }) => [customer[field] ?? null];

const address =
  (field: 'countryName' | 'extendedAddress' | 'firstName' | 'lastName' | 'locality' | 'postalCode' | 'region' | 'streetAddress'): ValuesOf =>
  ({ addresses }) => addresses.map((record) => record[field]);

const cards = (view: CustomerView) => view.methods.filter(isCard);

const TEXT_FIELDS: Readonly<Record<string, ValuesOf>> = {
  id: own('id'),
  first_name: own('firstName'),
  last_name: own('lastName'),
  email: own('email'),
  company: own('company'),
  phone: own('phone'),
  fax: own('fax'),
  website: own('website'),
  address_country_name: address('countryName'),
  address_extended_address: address('extendedAddress'),
  address_first_name: address('firstName'),
  address_last_name: address('lastName'),
  address_locality: address('locality'),
  address_postal_code: address('postalCode'),
  address_region: address('region'),
  address_street_address: address('streetAddress'),
  cardholder_name: (view) => cards(view).map((method) => method.card.cardholderName),
  payment_method_token: (view) => view.methods.map((method) => method.token),
  paypal_account_email: (view) => view.methods.filter((method) => methodKind(method) === 'PayPalAccount').map((method) => method.paypal?.payerEmail ?? null),
  // Equality and partial-match fields take the same operators (fewer of them), so they read alike.
  credit_card_expiration_date: (view) => cards(view).map((method) => `${method.card.expirationMonth}/${method.card.expirationYear}`),
  credit_card_number: (view) => cards(view).map((method) => method.card.number),
};

type Test = (view: CustomerView) => boolean;

/**
 * `payment_method_token_with_duplicates`: the customers holding the payment methods whose token
 * meets the operators, and every customer holding the same card number (the provider's duplicate
 * check, as braintree_node's integration spec searches for two customers with one card).
 */
function withDuplicates(context: SandboxContext, operators: Params): Test {
  const test = textTest(operators);
  const named = Object.values(context.store.state.paymentMethods).filter((method) => test(method.token));
  const tokens = new Set(named.map((method) => method.token));
  const numbers = new Set(named.filter(isCard).map((method) => method.card.uniqueNumberIdentifier));
  return ({ methods }) => methods.some((method) => tokens.has(method.token) || (isCard(method) && numbers.has(method.card.uniqueNumberIdentifier)));
}

function createdAtTest(bounds: Params): Test {
  const bound = (name: string) => {
    const raw = bounds.string(name);
    return raw === null ? null : Date.parse(raw);
  };
  const [min, max, is] = [bound('min'), bound('max'), bound('is')];
  return ({ customer }) => {
    const at = Date.parse(customer.createdAt);
    return (min === null || at >= min) && (max === null || at <= max) && (is === null || at === is);
  };
}

/** The criteria as one test, or the first criterion the sandbox cannot evaluate. */
function compile(context: SandboxContext, search: Params): { test: Test } | { unsupported: string } {
  const tests: Test[] = [];
  for (const key of search.keys()) {
    const raw = search.raw[key];
    const values = TEXT_FIELDS[key];
    if (values && isRecord(raw)) {
      const test = textTest(search.object(key));
      tests.push((view) => values(view).some((value) => value !== null && test(value)));
    } else if (key === 'payment_method_token_with_duplicates' && isRecord(raw)) tests.push(withDuplicates(context, search.object(key)));
    else if (key === 'ids') {
      const ids = new Set(search.strings(key) ?? [search.string(key) ?? '']);
      tests.push(({ customer }) => ids.has(customer.id));
    } else if (key === 'created_at' && isRecord(raw)) tests.push(createdAtTest(search.object(key)));
    else return { unsupported: key };
  }
  return { test: (view) => tests.every((test) => test(view)) };
}

function matching(call: GatewayCall): { views: CustomerView[] } | { reply: Reply } {
  const { store } = call.context;
  const compiled = compile(call.context, call.params.object('search'));
  if ('unsupported' in compiled) {
    // Ours: a criterion the sandbox does not evaluate fails loudly rather than matching everything.
    return {
      reply: errorReply({
        errors: [fieldError(['search'], compiled.unsupported, '90000', `The sandbox does not support searching customers by ${compiled.unsupported}.`)],
        params: paramsXml(call.params),
      }),
    };
  }
  // Newest first, as the provider lists them (braintree_node's spec finds the later customer
  // first); customers made within one millisecond keep their order of creation, reversed.
  const views = Object.values(store.state.customers)
    .reverse()
    .map((customer) => ({ customer, methods: methodsOf(store, customer.id), addresses: addressesOf(store, customer.id) }))
    .filter(compiled.test)
    .sort((a, b) => b.customer.createdAt.localeCompare(a.customer.createdAt));
  return { views };
}

/** `POST /customers/advanced_search_ids`: every matching id, and the page size the SDK pages by. */
export function searchCustomerIds(call: GatewayCall): Reply {
  const result = matching(call);
  if ('reply' in result) return result.reply;
  return searchIdsReply(result.views.map((view) => view.customer.id));
}

/** `POST /customers/advanced_search`: one page of customers. */
export function searchCustomers(call: GatewayCall): Reply {
  const result = matching(call);
  if ('reply' in result) return result.reply;
  const { store, config } = call.context;
  return searchPageReply('customers', 'customer', result.views, (view) => customerXml(view.customer, view.methods, config, view.addresses, store));
}
