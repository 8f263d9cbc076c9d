import type { SandboxConfig } from '../context';
import type { PaymentMethodRecord } from '../store';
import type { GatewayCall } from './call';
import { fakeNonce } from './fake-nonces';
import { duplicateErrors, takeCard, takePayPalAccount, updatedCard, verifyCard } from './card-intake';
import { paramsXml, type Params } from './params';
import { nonceXml, paymentMethodXml } from './presenters';
import { emptyReply, errorReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { consumeNonce, deletePaymentMethod, ID_PATTERN, isCard, makeDefault, nonceForMethod, vaultBankAccount, vaultCard, vaultPayPalAccount } from './vault';
import { accountToSave, bankNonceOf, VERIFICATION_METHODS } from '../bank-debits/vaulting';
import type { XmlObject } from './xml';

const PATH = ['paymentMethod'];

/** A saved payment method under the root its kind answers with (`<credit-card>` or `<paypal-account>`). */
function methodReply(status: number, method: PaymentMethodRecord, config: SandboxConfig, verifications: readonly XmlObject[] = []): Reply {
  const { root, body } = paymentMethodXml(method, config, verifications);
  return xmlReply(status, root, body);
}

/** Card details a payment method update may send, none of which a PayPal account has. */
const CARD_PARAMS = ['number', 'cvv', 'cardholder_name', 'expiration_date', 'expiration_month', 'expiration_year', 'billing_address', 'billing_address_id'];

/** `POST /payment_methods {payment_method: {customer_id, payment_method_nonce, token?, options}}`. */
export function createPaymentMethod(call: GatewayCall): Reply {
  const { store, config } = call.context;
  const body = call.params.object('payment_method');
  const options = body.object('options');
  const params = paramsXml(call.params);
  const errors: FieldError[] = [];

  const customerId = body.string('customer_id');
  if (customerId === null) errors.push(fieldError(PATH, 'customer_id', '93104', 'Customer ID is required.'));
  else if (!store.state.customers[customerId]) errors.push(fieldError(PATH, 'customer_id', '93105', 'Customer ID is invalid.'));

  // A billing agreement's PayPal nonce saves a PayPal account; every other nonce goes to takeCard.
  const paypal = takePayPalAccount(store, body.string('payment_method_nonce'));
  const token = body.string('token');
  if (token !== null && (!ID_PATTERN.test(token) || store.state.paymentMethods[token])) {
    const inUse = ID_PATTERN.test(token);
    // Ours: a malformed token on a PayPal account keeps the card's code (92906 is PayPal's "in use").
    const code = inUse ? (paypal ? '92906' : '91719') : '91718';
    errors.push(fieldError([paypal ? 'paypalAccount' : 'creditCard'], 'token', code, inUse ? 'Token is in use.' : 'Token is invalid.'));
  }

  const bank = bankNonceOf(store, body.string('payment_method_nonce'));
  if (bank?.bankAccount) {
    const method = options.string('us_bank_account_verification_method');
    if (method !== null && !(VERIFICATION_METHODS as readonly string[]).includes(method)) {
      errors.push(fieldError(['options'], 'us_bank_account_verification_method', '93127', 'Verification method is invalid.'));
    }
    if (errors.length > 0 || customerId === null) return validationReply(errors, params);
    consumeNonce(store, bank);
    const saved = vaultBankAccount(store, customerId, accountToSave(bank.bankAccount, bank.bankAccount.kind === 'UsBankAccount' ? method : null), { makeDefault: options.boolean('make_default'), token });
    store.save();
    return methodReply(201, saved, config);
  }

  if (paypal) {
    if (errors.length > 0 || customerId === null) return validationReply(errors, params);
    consumeNonce(store, paypal.nonce);
    const method = vaultPayPalAccount(store, customerId, paypal.account, { makeDefault: options.boolean('make_default'), token });
    store.save();
    return methodReply(201, method, config);
  }

  const intake = takeCard(store, {
    nonceValue: body.string('payment_method_nonce'),
    cardParams: null,
    noncePath: PATH,
    cardPath: ['creditCard'],
    nonceCodes: { unknown: '93108', consumed: '93107' },
  });
  if (intake === null) errors.push(fieldError(PATH, 'payment_method_nonce', '93103', 'Nonce is required.'));
  else if ('errors' in intake) errors.push(...intake.errors);
  if (errors.length > 0 || intake === null || 'errors' in intake || customerId === null) return validationReply(errors, params);

  const details = updatedCard(intake.card, body, ['creditCard']);
  if ('error' in details) return validationReply([details.error], params);
  const duplicates = duplicateErrors(store, details.card, customerId, options, ['creditCard']);
  if (duplicates.length > 0) return validationReply(duplicates, params);

  const verification = options.boolean('verify_card') ? verifyCard(details.card, config, options.string('verification_merchant_account_id')) : null;
  if (verification && !verification.passed) return errorReply({ message: verification.message, params, verification: verification.xml });

  if (intake.nonce) consumeNonce(store, intake.nonce);
  const method = vaultCard(store, customerId, details.card, { makeDefault: options.boolean('make_default'), token });
  store.save();
  return methodReply(201, method, config, verification ? [verification.xml] : []);
}

export function findPaymentMethod(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  return method ? methodReply(200, method, call.context.config) : notFound;
}

/**
 * A PayPal account's update: `make_default` only. A nonce is the server SDK's
 * CannotUpdatePayPalAccountUsingPaymentMethodNonce (92914), card details its
 * InvalidParamsForPayPalAccountUpdate (92915). Ours: where those errors sit, and their messages.
 */
function updatePayPalAccount(call: GatewayCall, method: PaymentMethodRecord, body: Params): Reply {
  const { store, config } = call.context;
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
  return methodReply(200, method, config);
}

/** `PUT /payment_methods/any/{token}`: new card details, a new card from a nonce, or `make_default`. */
export function updatePaymentMethod(call: GatewayCall): Reply {
  const { store, config } = call.context;
  const method = store.state.paymentMethods[call.captures.token];
  if (!method) return notFound;
  const body = call.params.object('payment_method');
  if (!isCard(method)) return updatePayPalAccount(call, method, body);
  const options = body.object('options');
  const params = paramsXml(call.params);

  const intake = takeCard(store, {
    nonceValue: body.string('payment_method_nonce'),
    cardParams: body.has('number') ? body : null,
    noncePath: PATH,
    cardPath: ['creditCard'],
    nonceCodes: { unknown: '93108', consumed: '93107' },
  });
  if (intake && 'errors' in intake) return validationReply(intake.errors, params);
  const details = updatedCard(intake?.card ?? method.card, body, ['creditCard']);
  if ('error' in details) return validationReply([details.error], params);

  const verification = options.boolean('verify_card') ? verifyCard(details.card, config, options.string('verification_merchant_account_id')) : null;
  if (verification && !verification.passed) return errorReply({ message: verification.message, params, verification: verification.xml });

  if (intake?.nonce) consumeNonce(store, intake.nonce);
  method.card = { ...details.card, cvv: null };
  method.updatedAt = new Date().toISOString();
  if (options.boolean('make_default')) makeDefault(store, method);
  store.save();
  return methodReply(200, method, config, verification ? [verification.xml] : []);
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
