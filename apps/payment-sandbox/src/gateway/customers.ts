import type { SandboxContext } from '../context';
import type { CustomerRecord } from '../store';
import type { GatewayCall } from './call';
import { duplicateErrors, takeCard, takePayPalAccount, verifyCard } from './card-intake';
import { paramsXml, type Params } from './params';
import { customerXml } from './presenters';
import { emptyReply, errorReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { consumeNonce, createCustomer, deletePaymentMethod, ID_PATTERN, methodsOf, vaultCard, vaultPayPalAccount } from './vault';

const PATH = ['customer'];
const CARD_PATH = ['customer', 'creditCard'];

/**
 * Ours: the provider refuses a customer email it will not take as an address (81604, "Email is an
 * invalid format.") without publishing its rule. The sandbox refuses what is not plain ASCII
 * local@domain.tld, so an internationalised address, which a store may accept, can be tried.
 */
const PROVIDER_EMAIL = /^[\x21-\x3f\x41-\x7e]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
export function customerEmailError(path: readonly string[], email: string | null): FieldError | null {
  return email === null || email === '' || PROVIDER_EMAIL.test(email) ? null : fieldError(path, 'email', '81604', 'Email is an invalid format.');
}

function customerReply(status: number, customer: CustomerRecord, context: SandboxContext): Reply {
  return xmlReply(status, 'customer', customerXml(customer, methodsOf(context.store, customer.id), context.config));
}

/**
 * The payment method a customer create or update saves (`payment_method_nonce`: a card's, or a
 * billing agreement's PayPal account; or `credit_card` with a nonce or a raw number), checked and
 * verified; nothing is written until `commit` runs.
 */
function preparePaymentMethod(call: GatewayCall, body: Params, customerId: string | null): { commit?: (customerId: string) => void } | { reply: Reply } {
  const { store, config } = call.context;
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
  const cardOptions = cardParams.object('options');
  const params = paramsXml(call.params);
  const intake = takeCard(store, {
    nonceValue: body.string('payment_method_nonce'),
    cardParams: body.has('credit_card') ? cardParams : null,
    noncePath: CARD_PATH,
    cardPath: CARD_PATH,
    nonceCodes: { unknown: '91732', consumed: '91731' },
  });
  if (intake === null) return {};
  if ('errors' in intake) return { reply: validationReply(intake.errors, params) };
  if (customerId !== null) {
    const duplicates = duplicateErrors(store, intake.card, customerId, cardOptions, CARD_PATH);
    if (duplicates.length > 0) return { reply: validationReply(duplicates, params) };
  }
  const verification = cardOptions.boolean('verify_card') ? verifyCard(intake.card, config, cardOptions.string('verification_merchant_account_id')) : null;
  if (verification && !verification.passed) return { reply: errorReply({ message: verification.message, params, verification: verification.xml }) };
  return {
    commit: (owner) => {
      if (intake.nonce) consumeNonce(store, intake.nonce);
      vaultCard(store, owner, intake.card, { makeDefault: cardOptions.boolean('make_default'), token: cardParams.string('token') });
    },
  };
}

/** `POST /customers {customer: {id?, first_name, last_name, email, payment_method_nonce?, credit_card?}}`. */
export function createCustomerRoute(call: GatewayCall): Reply {
  const { store } = call.context;
  const body = call.params.object('customer');
  const errors: FieldError[] = [];
  const id = body.string('id');
  if (id !== null && !ID_PATTERN.test(id)) errors.push(fieldError(PATH, 'id', '91610', 'Customer ID is invalid.'));
  else if (id !== null && store.state.customers[id]) errors.push(fieldError(PATH, 'id', '91609', 'Customer ID has already been taken.'));
  const emailError = customerEmailError(PATH, body.string('email'));
  if (emailError) errors.push(emailError);
  if (errors.length > 0) return validationReply(errors, paramsXml(call.params));

  const saving = preparePaymentMethod(call, body, null);
  if ('reply' in saving) return saving.reply;
  const customer = createCustomer(store, { id, firstName: body.string('first_name'), lastName: body.string('last_name'), email: body.string('email') });
  saving.commit?.(customer.id);
  store.save();
  return customerReply(201, customer, call.context);
}

export function findCustomer(call: GatewayCall): Reply {
  const customer = call.context.store.state.customers[call.captures.id];
  return customer ? customerReply(200, customer, call.context) : notFound;
}

/** `PUT /customers/{id}`: names and email, and optionally one more payment method. */
export function updateCustomer(call: GatewayCall): Reply {
  const { store } = call.context;
  const customer = store.state.customers[call.captures.id];
  if (!customer) return notFound;
  const body = call.params.object('customer');
  const emailError = customerEmailError(PATH, body.string('email'));
  if (emailError) return validationReply([emailError], paramsXml(call.params));
  const saving = preparePaymentMethod(call, body, customer.id);
  if ('reply' in saving) return saving.reply;
  if (body.has('first_name')) customer.firstName = body.string('first_name');
  if (body.has('last_name')) customer.lastName = body.string('last_name');
  if (body.has('email')) customer.email = body.string('email');
  customer.updatedAt = new Date().toISOString();
  saving.commit?.(customer.id);
  store.save();
  return customerReply(200, customer, call.context);
}

/** `DELETE /customers/{id}`: the customer and every payment method saved for them. */
export function deleteCustomer(call: GatewayCall): Reply {
  const { store } = call.context;
  const customer = store.state.customers[call.captures.id];
  if (!customer) return notFound;
  for (const method of methodsOf(store, customer.id)) deletePaymentMethod(store, method.token);
  delete store.state.customers[customer.id];
  store.save();
  return emptyReply(200);
}
