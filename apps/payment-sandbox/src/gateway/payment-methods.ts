import { SandboxStore, type NonceRecord } from '../store';
import type { GatewayCall } from './call';
import { fakeNonce } from './fake-nonces';
import { duplicateErrors, takeCard, updatedCard, verifyCard } from './card-intake';
import { paramsXml } from './params';
import { creditCardXml, nonceXml } from './presenters';
import { emptyReply, errorReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { consumeNonce, deletePaymentMethod, ID_PATTERN, makeDefault, vaultCard } from './vault';

const PATH = ['paymentMethod'];

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

  const token = body.string('token');
  if (token !== null && (!ID_PATTERN.test(token) || store.state.paymentMethods[token])) {
    errors.push(fieldError(['creditCard'], 'token', ID_PATTERN.test(token) ? '91719' : '91718', ID_PATTERN.test(token) ? 'Token is in use.' : 'Token is invalid.'));
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
  return xmlReply(201, 'creditCard', creditCardXml(method, config, verification ? [verification.xml] : []));
}

export function findPaymentMethod(call: GatewayCall): Reply {
  const method = call.context.store.state.paymentMethods[call.captures.token];
  return method ? xmlReply(200, 'creditCard', creditCardXml(method, call.context.config)) : notFound;
}

/** `PUT /payment_methods/any/{token}`: new card details, a new card from a nonce, or `make_default`. */
export function updatePaymentMethod(call: GatewayCall): Reply {
  const { store, config } = call.context;
  const method = store.state.paymentMethods[call.captures.token];
  if (!method) return notFound;
  const body = call.params.object('payment_method');
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
  return xmlReply(200, 'creditCard', creditCardXml(method, config, verification ? [verification.xml] : []));
}

export function deletePaymentMethodRoute(call: GatewayCall): Reply {
  const { store } = call.context;
  if (!store.state.paymentMethods[call.captures.token]) return notFound;
  deletePaymentMethod(store, call.captures.token);
  store.save();
  return emptyReply(200);
}

/** `POST /payment_methods/{token}/nonces`: a one-time nonce for a saved card (for 3-D Secure on it). */
export function createNonceForPaymentMethod(call: GatewayCall): Reply {
  const { store } = call.context;
  const method = store.state.paymentMethods[call.captures.token];
  if (!method) return notFound;
  const nonce: NonceRecord = {
    nonce: SandboxStore.nonceValue(),
    card: method.card,
    consumed: false,
    createdAt: new Date().toISOString(),
    threeDSecureInfo: null,
    paymentMethodToken: method.token,
    customerId: method.customerId,
    kind: 'CreditCard',
  };
  store.state.nonces[nonce.nonce] = nonce;
  store.save();
  return xmlReply(201, 'paymentMethodNonce', nonceXml(nonce));
}

/** `GET /payment_method_nonces/{nonce}`, consumed ones included (they say so). */
export function findPaymentMethodNonce(call: GatewayCall): Reply {
  const value = call.captures.nonce;
  const nonce = fakeNonce(value) ?? call.context.store.state.nonces[value];
  return nonce ? xmlReply(200, 'paymentMethodNonce', nonceXml(nonce)) : notFound;
}
