import { createNonce } from '../client-api/payment-methods';
import { isObject, stringOf, type JsonObject } from '../client-api/http';
import type { SandboxContext } from '../context';
import type { ClientTokenRecord, UsBankAccountDetails } from '../store';
import { ACH_TEST_ROUTING_NUMBERS } from '../test-values';
import { BANK_PLACEHOLDER_CARD } from './placeholder';
import { routingNumberValid } from './validation';

/**
 * US bank account (ACH) tokenization through the provider's client GraphQL endpoint, as
 * braintree-web 3.124.0's `us-bank-account` module sends it: the TokenizeUsBankAccount mutation
 * with `input.usBankAccount` {achMandate, routingNumber, accountNumber, accountType,
 * billingAddress, individualOwner | businessOwner}, answered with `paymentMethod {id, details
 * {last4}}` (the id is the nonce). Bank login (TokenizeUsBankLogin) needs Plaid, which the
 * configuration does not offer (no `usBankAccount.plaid`), so the module refuses it itself with
 * US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED; sent anyway, the mutation answers the same refusal.
 */

export const TOKENIZE_US_BANK_ACCOUNT = /\btokenizeUsBankAccount\b/;
export const TOKENIZE_US_BANK_LOGIN = /\btokenizeUsBankLogin\b/;

export type GraphQLAnswer = { readonly data: unknown; readonly errors?: unknown[] };

interface InputError {
  readonly path: readonly string[];
  readonly message: string;
  /** Ours: the provider's legacy codes are not documented for these. */
  readonly legacyCode: string;
}

/**
 * A VALIDATION error per bad input, as the provider's GraphQL answers them: HTTP 200 with an errors
 * list (its GraphQL never uses the status). braintree-web's us-bank-account module, finding no HTTP
 * status, reports such a refusal as US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR with these errors inside.
 */
function validationErrors(mutation: string, errors: readonly InputError[]): GraphQLAnswer {
  return {
    data: { [mutation]: null },
    errors: errors.map((error) => ({
      message: error.message,
      path: [mutation],
      extensions: { errorClass: 'VALIDATION', errorType: 'user_error', inputPath: ['input', ...error.path], legacyCode: error.legacyCode },
    })),
  };
}

const text = (object: JsonObject, key: string): string => stringOf(object[key])?.trim() ?? '';
const objectAt = (object: JsonObject, key: string): JsonObject | null => (isObject(object[key]) ? object[key] : null);

const bankNameOf = (routingNumber: string) => (Object.hasOwn(ACH_TEST_ROUTING_NUMBERS, routingNumber) ? ACH_TEST_ROUTING_NUMBERS[routingNumber] : 'SANDBOX BANK');

export function tokenizeUsBankAccount(context: SandboxContext, token: ClientTokenRecord, variables: unknown): GraphQLAnswer {
  const mutation = 'tokenizeUsBankAccount';
  const input = isObject(variables) && isObject(variables.input) ? variables.input : {};
  const account = objectAt(input, 'usBankAccount') ?? {};
  const at = (...path: string[]) => ['usBankAccount', ...path];
  const errors: InputError[] = [];

  const mandate = text(account, 'achMandate');
  if (mandate === '') errors.push({ path: at('achMandate'), message: 'ACH mandate text is required.', legacyCode: '82649' });
  const routingNumber = text(account, 'routingNumber');
  if (!routingNumberValid(routingNumber)) errors.push({ path: at('routingNumber'), message: 'Routing number is invalid.', legacyCode: '82603' });
  const accountNumber = text(account, 'accountNumber');
  if (!/^\d{4,17}$/.test(accountNumber)) errors.push({ path: at('accountNumber'), message: 'Account number must be 4 to 17 digits.', legacyCode: '82605' });
  const accountType = text(account, 'accountType').toUpperCase();
  if (accountType !== 'CHECKING' && accountType !== 'SAVINGS') errors.push({ path: at('accountType'), message: 'Account type must be CHECKING or SAVINGS.', legacyCode: '82606' });

  const individual = objectAt(account, 'individualOwner');
  const business = objectAt(account, 'businessOwner');
  if ((individual === null) === (business === null)) {
    errors.push({ path: at('individualOwner'), message: 'Exactly one of individualOwner or businessOwner is required.', legacyCode: '82608' });
  } else if (individual) {
    for (const key of ['firstName', 'lastName']) if (text(individual, key) === '') errors.push({ path: at('individualOwner', key), message: `${key} is required.`, legacyCode: '82609' });
  } else if (business && text(business, 'businessName') === '') {
    errors.push({ path: at('businessOwner', 'businessName'), message: 'businessName is required.', legacyCode: '82610' });
  }

  const address = objectAt(account, 'billingAddress') ?? {};
  for (const key of ['streetAddress', 'city', 'state', 'zipCode']) if (text(address, key) === '') errors.push({ path: at('billingAddress', key), message: `Billing address ${key} is required.`, legacyCode: '82611' });
  const state = text(address, 'state');
  if (state !== '' && !/^[A-Za-z]{2}$/.test(state)) errors.push({ path: at('billingAddress', 'state'), message: 'Billing address state must be a two-letter code.', legacyCode: '82612' });
  const zip = text(address, 'zipCode');
  if (zip !== '' && !/^\d{5}(-?\d{4})?$/.test(zip)) errors.push({ path: at('billingAddress', 'zipCode'), message: 'Billing address zipCode must be 5 or 9 digits.', legacyCode: '82613' });
  if (errors.length > 0) return validationErrors(mutation, errors);

  const firstName = individual ? text(individual, 'firstName') : null;
  const lastName = individual ? text(individual, 'lastName') : null;
  const businessName = business ? text(business, 'businessName') : null;
  const details: UsBankAccountDetails = {
    kind: 'UsBankAccount',
    routingNumber,
    accountNumber,
    last4: accountNumber.slice(-4),
    accountType: accountType === 'SAVINGS' ? 'savings' : 'checking',
    ownershipType: individual ? 'personal' : 'business',
    firstName,
    lastName,
    businessName,
    accountHolderName: businessName ?? `${firstName} ${lastName}`,
    bankName: bankNameOf(routingNumber),
    achMandateText: mandate,
    achMandateAcceptedAt: new Date().toISOString(),
    billingAddress: { streetAddress: text(address, 'streetAddress'), extendedAddress: text(address, 'extendedAddress') || null, locality: text(address, 'city'), region: state.toUpperCase(), postalCode: zip },
    verified: false,
    verifications: [],
  };
  const record = createNonce(context.store, BANK_PLACEHOLDER_CARD, { customerId: token.customerId, kind: 'UsBankAccount', bankAccount: details });
  context.store.save();
  return { data: { [mutation]: { paymentMethod: { id: record.nonce, details: { last4: details.last4 } } } } };
}

/** Bank login needs Plaid, which this merchant's configuration does not offer. */
export function tokenizeUsBankLogin(): GraphQLAnswer {
  return {
    data: { tokenizeUsBankLogin: null },
    errors: [{ message: 'Bank login is not enabled for this merchant.', path: ['tokenizeUsBankLogin'], extensions: { errorClass: 'VALIDATION', errorType: 'user_error', legacyCode: '82614' } }],
  };
}
