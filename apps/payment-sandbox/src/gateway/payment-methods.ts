import type { SandboxContext } from '../context';
import type { PaymentMethodRecord } from '../store';
import type { GatewayCall } from './call';
import { fakeNonce } from './fake-nonces';
import { prepareCardSave, takePayPalAccount, tokenErrors } from './card-intake';
import { paramsXml, type Params } from './params';
import { nonceXml, paymentMethodXml } from './presenters';
import { emptyReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { consumeNonce, deletePaymentMethod, ID_PATTERN, isCard, makeDefault, nonceForMethod, vaultBankAccount, vaultPayPalAccount } from './vault';
import { accountToSave, bankNonceOf, VERIFICATION_METHODS } from '../bank-debits/vaulting';

const PATH = ['paymentMethod'];

/** A saved payment method under the root its kind answers with (`<credit-card>` or `<paypal-account>`). */
function methodReply(status: number, method: PaymentMethodRecord, context: SandboxContext): Reply {
  const { root, body } = paymentMethodXml(method, context.config, context.store);
  return xmlReply(status, root, body);
}

/** Card details a payment method update may send, none of which a PayPal account has. */
const CARD_PARAMS = ['number', 'cvv', 'cardholder_name', 'expiration_date', 'expiration_month', 'expiration_year', 'billing_address', 'billing_address_id'];

const CARD_PATH = ['creditCard'];

/**
 * `POST /payment_methods`: `{payment_method: {customer_id, payment_method_nonce, token?, options,
 * billing_address…}}` (`paymentMethod.create`), or `{credit_card: {customer_id, number | nonce,
 * expiry, cvv, cardholder_name, billing_address | billing_address_id, token?, options}}`
 * (`creditCard.create`, a raw number allowed server-side).
 */
export function createPaymentMethod(call: GatewayCall): Reply {
  const { store } = call.context;
  const asCard = call.params.has('credit_card');
  const body = call.params.object(asCard ? 'credit_card' : 'payment_method');
  const options = body.object('options');
  const params = paramsXml(call.params);
  const errors: FieldError[] = [];

  const customerId = body.string('customer_id');
  if (asCard) {
    if (customerId === null) errors.push(fieldError(CARD_PATH, 'customer_id', '91704', 'Customer ID is required.'));
    else if (!store.state.customers[customerId]) errors.push(fieldError(CARD_PATH, 'customer_id', '91705', 'Customer ID is invalid.'));
  } else if (customerId === null) errors.push(fieldError(PATH, 'customer_id', '93104', 'Customer ID is required.'));
  else if (!store.state.customers[customerId]) errors.push(fieldError(PATH, 'customer_id', '93105', 'Customer ID is invalid.'));
  const owner = customerId !== null && store.state.customers[customerId] ? customerId : null;

  const nonceValue = body.string('payment_method_nonce');
  const token = body.string('token');
  const bank = asCard ? null : bankNonceOf(store, nonceValue);
  if (bank?.bankAccount) {
    errors.push(...tokenErrors(store, token, CARD_PATH));
    const method = options.string('us_bank_account_verification_method');
    if (method !== null && !(VERIFICATION_METHODS as readonly string[]).includes(method)) {
      errors.push(fieldError(['options'], 'us_bank_account_verification_method', '93127', 'Verification method is invalid.'));
    }
    if (errors.length > 0 || owner === null) return validationReply(errors, params);
    consumeNonce(store, bank);
    const saved = vaultBankAccount(store, owner, accountToSave(bank.bankAccount, bank.bankAccount.kind === 'UsBankAccount' ? method : null), { makeDefault: options.boolean('make_default'), token });
    store.save();
    return methodReply(201, saved, call.context);
  }

  // A billing agreement's PayPal nonce saves a PayPal account; every other nonce goes to the card intake.
  const paypal = asCard ? null : takePayPalAccount(store, nonceValue);
  if (paypal) {
    if (token !== null && (!ID_PATTERN.test(token) || store.state.paymentMethods[token])) {
      // Ours: a malformed token on a PayPal account keeps the card's code (92906 is PayPal's "in use").
      errors.push(ID_PATTERN.test(token) ? fieldError(['paypalAccount'], 'token', '92906', 'Token is in use.') : fieldError(['paypalAccount'], 'token', '91718', 'Token is invalid.'));
    }
    if (errors.length > 0 || owner === null) return validationReply(errors, params);
    consumeNonce(store, paypal.nonce);
    const method = vaultPayPalAccount(store, owner, paypal.account, { makeDefault: options.boolean('make_default'), token });
    store.save();
    return methodReply(201, method, call.context);
  }

  const prepared = prepareCardSave({
    context: call.context,
    cardParams: body,
    options,
    nonceValue: asCard ? null : nonceValue,
    customerId: owner,
    existing: null,
    cardPath: CARD_PATH,
    noncePath: asCard ? CARD_PATH : PATH,
    nonceCodes: asCard ? { unknown: '91732', consumed: '91731' } : { unknown: '93108', consumed: '93107' },
    params,
  });
  if (prepared === null) {
    errors.push(
      asCard
        ? fieldError(CARD_PATH, 'base', '81725', 'Credit card must include number, payment_method_nonce, or venmo_sdk_payment_method_code.')
        : fieldError(PATH, 'payment_method_nonce', '93103', 'Nonce is required.'),
    );
  } else if ('errors' in prepared) errors.push(...prepared.errors);
  if (errors.length > 0 || prepared === null || 'errors' in prepared || owner === null) return validationReply(errors, params);
  if ('reply' in prepared) return prepared.reply;
  const { method } = prepared.prepared.commit(owner);
  store.save();
  return methodReply(201, method, call.context);
}

export function findPaymentMethod(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  return method ? methodReply(200, method, call.context) : notFound;
}

/** `GET /payment_methods/credit_card/{token}` (`creditCard.find`): a card only. */
export function findCreditCard(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  return method && isCard(method) ? methodReply(200, method, call.context) : notFound;
}

/**
 * `GET /payment_methods/from_nonce/{nonce}` (`creditCard.fromNonce`): the saved card a nonce was
 * made for, once (the nonce is used up). A nonce of no saved card, or one used before, is not found.
 */
export function findCreditCardFromNonce(call: GatewayCall): Reply {
  const { store } = call.context;
  const nonce = store.state.nonces[call.captures.nonce];
  const method = nonce?.paymentMethodToken ? store.state.paymentMethods[nonce.paymentMethodToken] : undefined;
  if (!nonce || nonce.consumed || !method || !isCard(method)) return notFound;
  consumeNonce(store, nonce);
  store.save();
  return methodReply(200, method, call.context);
}

/**
 * A PayPal account's update: `make_default` only. A nonce is the server SDK's
 * CannotUpdatePayPalAccountUsingPaymentMethodNonce (92914), card details its
 * InvalidParamsForPayPalAccountUpdate (92915). Ours: where those errors sit, and their messages.
 */
function updatePayPalAccount(call: GatewayCall, method: PaymentMethodRecord, body: Params): Reply {
  const { store } = call.context;
  const params = paramsXml(call.params);
  if (body.has('payment_method_nonce')) {
    return validationReply([fieldError(['paypalAccount'], 'base', '92914', 'Cannot update a PayPal account using a payment method nonce.')], params);
  }
  if (CARD_PARAMS.some((key) => body.has(key))) {
    return validationReply([fieldError(['paypalAccount'], 'base', '92915', 'Invalid params for PayPal account update.')], params);
  }
  method.updatedAt = new Date().toISOString();
  if (body.object('options').boolean('make_default')) makeDefault(store, method);
  store.save();
  return methodReply(200, method, call.context);
}

function updateCard(call: GatewayCall, method: PaymentMethodRecord, body: Params, asCard: boolean): Reply {
  const { store } = call.context;
  const params = paramsXml(call.params);
  const prepared = prepareCardSave({
    context: call.context,
    cardParams: body,
    options: body.object('options'),
    nonceValue: null,
    customerId: method.customerId,
    existing: method,
    cardPath: CARD_PATH,
    noncePath: asCard ? CARD_PATH : PATH,
    nonceCodes: asCard ? { unknown: '91732', consumed: '91731' } : { unknown: '93108', consumed: '93107' },
    params,
  });
  if (prepared === null) return notFound;
  if ('errors' in prepared) return validationReply(prepared.errors, params);
  if ('reply' in prepared) return prepared.reply;
  prepared.prepared.commit(method.customerId);
  store.save();
  return methodReply(200, method, call.context);
}

/** `PUT /payment_methods/any/{token}`: new card details, a new card from a nonce, a billing address, or `make_default`. */
export function updatePaymentMethod(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  if (!method) return notFound;
  const body = call.params.object('payment_method');
  return isCard(method) ? updateCard(call, method, body, false) : updatePayPalAccount(call, method, body);
}

/** `PUT /payment_methods/credit_card/{token}` (`creditCard.update`). */
export function updateCreditCard(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  if (!method || !isCard(method)) return notFound;
  return updateCard(call, method, call.params.object('credit_card'), true);
}

/** `DELETE /payment_methods/credit_card/{token}` (`creditCard.delete`). */
export function deleteCreditCard(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  if (!method || !isCard(method)) return notFound;
  return deletePaymentMethodRoute(call);
}

export function deletePaymentMethodRoute(call: GatewayCall): Reply {
  const { store } = call.context;
  if (!store.state.paymentMethods[call.captures.token]) return notFound;
  const failure = store.state.forced.nextRemovalStatus[call.captures.token];
  if (failure) {
    // A forced failure (the control endpoints) is used once and removes nothing.
    delete store.state.forced.nextRemovalStatus[call.captures.token];
    store.save();
    return emptyReply(failure);
  }
  deletePaymentMethod(store, call.captures.token);
  store.save();
  return emptyReply(200);
}

/** `POST /payment_methods/{token}/nonces`: a one-time nonce for a saved payment method (for 3-D Secure on a card). */
export function createNonceForPaymentMethod(call: GatewayCall): Reply {
  const { store } = call.context;
  const method = store.state.paymentMethods[call.captures.token];
  if (!method) return notFound;
  const nonce = nonceForMethod(store, method);
  store.save();
  return xmlReply(201, 'paymentMethodNonce', nonceXml(nonce));
}

/** `GET /payment_method_nonces/{nonce}`, consumed ones included (they say so). */
export function findPaymentMethodNonce(call: GatewayCall): Reply {
  const value = call.captures.nonce;
  const nonce = fakeNonce(value) ?? call.context.store.state.nonces[value];
  return nonce ? xmlReply(200, 'paymentMethodNonce', nonceXml(nonce)) : notFound;
}
