import type { SandboxContext } from '../context';
import type { CustomerRecord } from '../store';
import { addressesOf, deleteAddressesOf } from './addresses';
import type { GatewayCall } from './call';
import { prepareCardSave, takePayPalAccount } from './card-intake';
import { paramsXml, type Params } from './params';
import { customerXml } from './presenters';
import { emptyReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { consumeNonce, createCustomer, deletePaymentMethod, ID_PATTERN, isCard, makeDefault, methodsOf, vaultPayPalAccount } from './vault';
import type { XmlObject } from './xml';

const PATH = ['customer'];
const CARD_PATH = ['customer', 'creditCard'];

/**
 * Ours: the provider refuses a customer email it will not take as an address (81604, "Email is an
 * invalid format.") without publishing its rule. The sandbox takes plain ASCII local@domain.tld:
 * no blank, no "..", no dot at either end of the local part, domain labels of letters, digits and
 * inner hyphens, a top-level domain of two letters or more. An internationalised address, which a
 * store may accept, is refused.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export function customerEmailError(path: readonly string[], email: string | null): FieldError | null {
  if (email === null || email === '') return null;
  const at = email.lastIndexOf('@');
  const valid = at > 0 && LOCAL_PART.test(email.slice(0, at)) && DOMAIN.test(email.slice(at + 1));
  return valid ? null : fieldError(path, 'email', '81604', 'Email is an invalid format.');
}

/** The provider's limits on a customer's fields (its validation errors reference). */
const FIELD_MAX = 255;
const ID_MAX = 36;
/** Ours: ids the provider reserves for its own paths (91611); it does not publish the list. */
const RESERVED_IDS = new Set(['all', 'new']);

const LENGTH_RULES = [
  ['first_name', '81608', 'First name is too long.'],
  ['last_name', '81613', 'Last name is too long.'],
  ['company', '81601', 'Company is too long.'],
  ['email', '81605', 'Email is too long.'],
  ['phone', '81614', 'Phone is too long.'],
  ['fax', '81607', 'Fax is too long.'],
  ['website', '81615', 'Website is too long.'],
] as const;

const WEBSITE = /^(https?:\/\/)?[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::\d+)?(?:[/?#]\S*)?$/;

/** A customer's own fields: lengths, the email's and website's formats, and on create the id. */
function customerFieldErrors(call: GatewayCall, body: Params, creating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (creating && body.has('id')) {
    const id = body.string('id') ?? '';
    if (!ID_PATTERN.test(id)) errors.push(fieldError(PATH, 'id', '91610', 'Customer ID is invalid (letters, numbers, -, and _ are allowed).'));
    else if (RESERVED_IDS.has(id.toLowerCase())) errors.push(fieldError(PATH, 'id', '91611', 'Customer ID is not allowed.'));
    else if (id.length > ID_MAX) errors.push(fieldError(PATH, 'id', '91612', 'Customer ID is too long.'));
    else if (call.context.store.state.customers[id]) errors.push(fieldError(PATH, 'id', '91609', 'Customer ID has already been taken.'));
  }
  for (const [key, code, message] of LENGTH_RULES) {
    const value = body.string(key);
    if (value !== null && value.length > FIELD_MAX) errors.push(fieldError(PATH, key, code, message));
  }
  const email = body.string('email');
  if (email !== null && email.length <= FIELD_MAX) {
    const emailError = customerEmailError(PATH, email);
    if (emailError) errors.push(emailError);
  }
  const website = body.string('website');
  if (website && website.length <= FIELD_MAX && !WEBSITE.test(website)) errors.push(fieldError(PATH, 'website', '81616', 'Website is an invalid format.'));
  return errors;
}

function customerReply(status: number, customer: CustomerRecord, context: SandboxContext): Reply {
  return xmlReply(status, 'customer', customerXml(customer, methodsOf(context.store, customer.id), context.config, addressesOf(context.store, customer.id), context.store));
}

type Saving = { readonly errors: FieldError[] } | { readonly reply: Reply } | { readonly commit?: (customerId: string) => void };

/**
 * The payment method a customer create or update saves (`payment_method_nonce`: a card's, or a
 * billing agreement's PayPal account; or `credit_card` with a nonce or a raw number, on update
 * perhaps `options.update_existing_token` naming the card it changes), checked and verified;
 * nothing is written until `commit` runs.
 */
function preparePaymentMethod(call: GatewayCall, body: Params, customerId: string | null, params: XmlObject): Saving {
  const { store } = call.context;
  const paypal = takePayPalAccount(store, body.string('payment_method_nonce'));
  if (paypal) {
    return {
      commit: (owner) => {
        consumeNonce(store, paypal.nonce);
        vaultPayPalAccount(store, owner, paypal.account);
      },
    };
  }
  const cardParams = body.object('credit_card');
  const options = cardParams.object('options');
  const updateToken = options.string('update_existing_token');
  if (updateToken !== null && customerId === null) {
    return { errors: [fieldError([...CARD_PATH, 'options'], 'update_existing_token', '91729', 'Update Existing Token is not allowed when creating a customer.')] };
  }
  const existing = updateToken !== null ? store.state.paymentMethods[updateToken] : undefined;
  if (updateToken !== null && (!existing || existing.customerId !== customerId || !isCard(existing))) {
    return { errors: [fieldError([...CARD_PATH, 'options'], 'update_existing_token', '91723', 'Update Existing Token is invalid.')] };
  }
  const prepared = prepareCardSave({
    context: call.context,
    cardParams,
    options,
    nonceValue: body.string('payment_method_nonce'),
    customerId,
    existing: existing ?? null,
    cardPath: CARD_PATH,
    noncePath: CARD_PATH,
    nonceCodes: { unknown: '91732', consumed: '91731' },
    paypalPath: [...PATH, 'paypalAccount'],
    params,
  });
  if (prepared === null) {
    // Card fields without a number or a nonce to take them from.
    const named = cardParams.keys().filter((key) => key !== 'options');
    return named.length > 0 ? { errors: [fieldError(CARD_PATH, 'base', '81725', 'Credit card must include number, payment_method_nonce, or venmo_sdk_payment_method_code.')] } : {};
  }
  if ('errors' in prepared || 'reply' in prepared) return prepared;
  return { commit: (owner) => void prepared.prepared.commit(owner) };
}

function applyFields(customer: CustomerRecord, body: Params): void {
  for (const [key, field] of [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
    ['email', 'email'],
    ['company', 'company'],
    ['phone', 'phone'],
    ['fax', 'fax'],
    ['website', 'website'],
  ] as const) {
    if (body.has(key)) customer[field] = body.string(key);
  }
}

/** `POST /customers {customer: {id?, first_name, last_name, email, company, phone, fax, website, payment_method_nonce?, credit_card?}}`. */
export function createCustomerRoute(call: GatewayCall): Reply {
  const { store } = call.context;
  const body = call.params.object('customer');
  const params = paramsXml(call.params);
  const errors = customerFieldErrors(call, body, true);
  const saving = preparePaymentMethod(call, body, null, params);
  if ('errors' in saving) errors.push(...saving.errors);
  if (errors.length > 0 || 'errors' in saving) return validationReply(errors, params);
  if ('reply' in saving) return saving.reply;
  const customer = createCustomer(store, { id: body.string('id'), firstName: body.string('first_name'), lastName: body.string('last_name'), email: body.string('email') });
  applyFields(customer, body);
  saving.commit?.(customer.id);
  store.save();
  return customerReply(201, customer, call.context);
}

export function findCustomer(call: GatewayCall): Reply {
  const customer = call.context.store.state.customers[call.captures.id];
  return customer ? customerReply(200, customer, call.context) : notFound;
}

/**
 * `PUT /customers/{id}`: its fields, one more payment method or a change to a saved card
 * (`credit_card.options.update_existing_token`), and `default_payment_method_token`.
 */
export function updateCustomer(call: GatewayCall): Reply {
  const { store } = call.context;
  const customer = store.state.customers[call.captures.id];
  if (!customer) return notFound;
  const body = call.params.object('customer');
  const params = paramsXml(call.params);
  const errors = customerFieldErrors(call, body, false);
  const defaultToken = body.string('default_payment_method_token');
  const newDefault = defaultToken !== null ? store.state.paymentMethods[defaultToken] : undefined;
  if (defaultToken !== null && (!newDefault || newDefault.customerId !== customer.id)) {
    // Ours: the code and message the sandbox gives an unknown default token (the provider documents none).
    errors.push(fieldError(PATH, 'default_payment_method_token', '91699', 'Default payment method token is invalid.'));
  }
  const saving = preparePaymentMethod(call, body, customer.id, params);
  if ('errors' in saving) errors.push(...saving.errors);
  if (errors.length > 0 || 'errors' in saving) return validationReply(errors, params);
  if ('reply' in saving) return saving.reply;
  applyFields(customer, body);
  customer.updatedAt = new Date().toISOString();
  saving.commit?.(customer.id);
  if (newDefault) makeDefault(store, newDefault);
  store.save();
  return customerReply(200, customer, call.context);
}

/** `DELETE /customers/{id}`: the customer, every payment method saved for them, and their addresses. */
export function deleteCustomer(call: GatewayCall): Reply {
  const { store } = call.context;
  const customer = store.state.customers[call.captures.id];
  if (!customer) return notFound;
  for (const method of methodsOf(store, customer.id)) deletePaymentMethod(store, method.token);
  deleteAddressesOf(store, customer.id);
  delete store.state.customers[customer.id];
  store.save();
  return emptyReply(200);
}
