import type { SandboxContext } from '../context';
import type { TransactionRecord, TransactionStatus } from '../store';
import type { GatewayCall } from './call';
import { isRecord, Params, paramsXml } from './params';
import { transactionXml } from './presenters';
import { errorReply, fieldError, xmlReply, type Reply } from './reply';
import { XmlCollection, XmlList, type XmlObject } from './xml';

/**
 * Transaction search as the SDK runs it: `advanced_search_ids` with the criteria gives every
 * matching id, then `advanced_search` with the same criteria plus `ids: [page]` gives each page.
 * Criteria arrive as `{search: {order_id: {is: "X"}, ids: ["a"], amount: {min, max}, ...}}`.
 */

/** The provider pages search results by 50. */
export const PAGE_SIZE = 50;

type TextGetter = (transaction: TransactionRecord, context: SandboxContext) => string | null;

const customerField =
  (field: 'firstName' | 'lastName' | 'email'): TextGetter =>
  (transaction, context) =>
    (transaction.customerId ? context.store.state.customers[transaction.customerId]?.[field] : transaction.customerDetails?.[field]) ?? null;

const TEXT_FIELDS: Readonly<Record<string, TextGetter>> = {
  id: (transaction) => transaction.id,
  order_id: (transaction) => transaction.orderId,
  customer_id: (transaction) => transaction.customerId,
  payment_method_token: (transaction) => transaction.paymentMethodToken,
  currency: (transaction) => transaction.currencyIsoCode,
  customer_email: customerField('email'),
  customer_first_name: customerField('firstName'),
  customer_last_name: customerField('lastName'),
  credit_card_cardholder_name: (transaction) => transaction.card.cardholderName,
  credit_card_unique_identifier: (transaction) => transaction.card.uniqueNumberIdentifier,
  processor_authorization_code: (transaction) => transaction.processorAuthorizationCode,
  credit_card_expiration_date: (transaction) => `${transaction.card.expirationMonth}/${transaction.card.expirationYear}`,
  // Only what the gateway itself may match: the bin (starts_with) and the last four (ends_with).
  credit_card_number: (transaction) => `${transaction.card.bin}${transaction.card.last4}`,
};

const INSTRUMENT_TYPES: Readonly<Record<string, string>> = {
  CreditCard: 'credit_card',
  PayPalAccount: 'paypal_account',
  ApplePayCard: 'apple_pay_card',
  AndroidPayCard: 'android_pay_card',
  LocalPayment: 'local_payment',
  SepaDebitAccount: 'sepa_debit_account',
  UsBankAccount: 'us_bank_account',
};

/** The SDK's Transaction.ReasonCode.Any: any transaction its bank returned. */
const ANY_REASON_CODE = 'any_reason_code';

const MULTIPLE_VALUE_FIELDS: Readonly<Record<string, (transaction: TransactionRecord) => string>> = {
  ids: (transaction) => transaction.id,
  status: (transaction) => transaction.status,
  type: (transaction) => transaction.type,
  merchant_account_id: (transaction) => transaction.merchantAccountId,
  payment_instrument_type: (transaction) => INSTRUMENT_TYPES[transaction.paymentInstrument ?? 'CreditCard'],
  credit_card_card_type: (transaction) => transaction.card.cardType,
  created_using: (transaction) => (transaction.paymentMethodToken ? 'token' : 'full_information'),
  source: () => 'api',
};

const whenStatus =
  (status: TransactionStatus) =>
  (transaction: TransactionRecord): number | null => {
    const event = transaction.statusHistory.find((entry) => entry.status === status);
    return event ? Date.parse(event.timestamp) : null;
  };

const RANGE_FIELDS: Readonly<Record<string, { readonly value: (transaction: TransactionRecord) => number | null; readonly parse: (bound: string) => number }>> = {
  amount: { value: (transaction) => Number(transaction.amount), parse: Number },
  created_at: { value: (transaction) => Date.parse(transaction.createdAt), parse: Date.parse },
  authorized_at: { value: whenStatus('authorized'), parse: Date.parse },
  submitted_for_settlement_at: { value: whenStatus('submitted_for_settlement'), parse: Date.parse },
  settled_at: { value: whenStatus('settled'), parse: Date.parse },
  voided_at: { value: whenStatus('voided'), parse: Date.parse },
  processor_declined_at: { value: whenStatus('processor_declined'), parse: Date.parse },
  gateway_rejected_at: { value: whenStatus('gateway_rejected'), parse: Date.parse },
  failed_at: { value: whenStatus('failed'), parse: Date.parse },
  ach_return_responses_created_at: { value: (transaction) => (transaction.bankReturn ? Date.parse(transaction.bankReturn.at) : null), parse: Date.parse },
};

type Matcher = (transaction: TransactionRecord, context: SandboxContext) => boolean;

/**
 * A text criterion's operators as the SDK sends them (`{is, is_not, starts_with, ends_with,
 * contains}`, all given ones at once), ignoring case, over one value (none counts as empty).
 */
export function textTest(operators: Params): (value: string | null) => boolean {
  const wanted = (operator: string) => operators.string(operator)?.toLowerCase() ?? null;
  const [is, isNot, startsWith, endsWith, contains] = ['is', 'is_not', 'starts_with', 'ends_with', 'contains'].map(wanted);
  return (raw) => {
    const value = (raw ?? '').toLowerCase();
    return (
      (is === null || value === is) &&
      (isNot === null || value !== isNot) &&
      (startsWith === null || value.startsWith(startsWith)) &&
      (endsWith === null || value.endsWith(endsWith)) &&
      (contains === null || value.includes(contains))
    );
  };
}

function textMatcher(getter: TextGetter, operators: Params): Matcher {
  const test = textTest(operators);
  return (transaction, context) => test(getter(transaction, context));
}

function rangeMatcher(field: (typeof RANGE_FIELDS)[string], bounds: Params): Matcher {
  return (transaction) => {
    const value = field.value(transaction);
    if (value === null) return false;
    const bound = (operator: string) => {
      const raw = bounds.string(operator);
      return raw === null ? null : field.parse(raw);
    };
    const [min, max, is] = [bound('min'), bound('max'), bound('is')];
    return (min === null || value >= min) && (max === null || value <= max) && (is === null || value === is);
  };
}

/** The criteria as one test, or the first criterion the sandbox cannot evaluate. */
function compile(search: Params): { matcher: Matcher } | { unsupported: string } {
  const matchers: Matcher[] = [];
  for (const key of search.keys()) {
    const raw = search.raw[key];
    const textGetter = TEXT_FIELDS[key];
    const multiple = MULTIPLE_VALUE_FIELDS[key];
    const range = RANGE_FIELDS[key];
    if (textGetter && isRecord(raw)) matchers.push(textMatcher(textGetter, search.object(key)));
    else if (key === 'reason_code') {
      // A bank debit's return reason (R01, MD06, …), or any return at all.
      const values = new Set(search.strings(key) ?? [search.string(key) ?? '']);
      matchers.push((transaction) => transaction.bankReturn !== undefined && (values.has(ANY_REASON_CODE) || values.has(transaction.bankReturn.code)));
    } else if (multiple) {
      const values = new Set(search.strings(key) ?? [search.string(key) ?? '']);
      matchers.push((transaction) => values.has(multiple(transaction)));
    } else if (range && isRecord(raw)) matchers.push(rangeMatcher(range, search.object(key)));
    else if (key === 'refund') {
      const wanted = search.boolean(key);
      matchers.push((transaction) => (transaction.refundIds.length > 0 || transaction.refundedTransactionId !== null) === wanted);
    } else return { unsupported: key };
  }
  return { matcher: (transaction, context) => matchers.every((matcher) => matcher(transaction, context)) };
}

function matching(call: GatewayCall): { transactions: TransactionRecord[] } | { reply: Reply } {
  const compiled = compile(call.params.object('search'));
  if ('unsupported' in compiled) {
    // Ours: a criterion the sandbox does not evaluate fails loudly rather than matching everything.
    return {
      reply: errorReply({
        errors: [fieldError(['search'], compiled.unsupported, '90000', `The sandbox does not support searching by ${compiled.unsupported}.`)],
        params: paramsXml(call.params),
      }),
    };
  }
  const transactions = Object.values(call.context.store.state.transactions)
    .filter((transaction) => compiled.matcher(transaction, call.context))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return { transactions };
}

/**
 * The two answers every advanced search gives: all matching ids with the page size the SDK pages
 * by (`…/advanced_search_ids`), then one page of records for the ids it asks next
 * (`…/advanced_search`, whose criteria hold those ids).
 */
export function searchIdsReply(ids: readonly string[]): Reply {
  return xmlReply(200, 'searchResults', { pageSize: PAGE_SIZE, ids: new XmlList('item', ids) });
}

export function searchPageReply<T>(root: string, item: string, records: readonly T[], present: (record: T) => XmlObject): Reply {
  const page = records.slice(0, PAGE_SIZE).map(present);
  return xmlReply(200, root, new XmlCollection({ currentPageNumber: 1, pageSize: PAGE_SIZE, totalItems: records.length }, item, page));
}

/** `POST /transactions/advanced_search_ids`: every matching id, newest first. */
export function searchTransactionIds(call: GatewayCall): Reply {
  const result = matching(call);
  if ('reply' in result) return result.reply;
  return searchIdsReply(result.transactions.map((transaction) => transaction.id));
}

/** `POST /transactions/advanced_search`: one page of transactions. */
export function searchTransactions(call: GatewayCall): Reply {
  const result = matching(call);
  if ('reply' in result) return result.reply;
  return searchPageReply('creditCardTransactions', 'transaction', result.transactions, (transaction) => transactionXml(transaction, call.context));
}
