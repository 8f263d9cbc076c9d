import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { at, clientApi, savedPaymentMethods, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * A saved card's security code typed again, both halves: the client API calls braintree-web makes
 * (Hosted Fields with only its cvv field, the vault manager, the 3-D Secure lookup) as plain HTTP,
 * and the sale through the real `braintree` SDK with the saved card's token, the CVV-only nonce and
 * the lookup's 3-D Secure authentication id, as the store's adapter sends it.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;
let fingerprint: string;

beforeAll(async () => {
  ({ sandbox, gateway, target, fingerprint } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

const codes = (result: { errors: braintree.ValidationErrorsCollection }) => result.errors.deepErrors().map((error) => error.code);

// The SDK sends and reads these, but its type declarations leave them out.
type SaleExtra = Partial<braintree.TransactionRequest> & { readonly threeDSecureAuthenticationId?: string };
const consumed = async (nonce: string) => ((await gateway.paymentMethodNonce.find(nonce)) as unknown as { consumed: boolean }).consumed;
const authenticationIdOf = (info: unknown) => (info as { threeDSecureAuthenticationId?: string } | undefined)?.threeDSecureAuthenticationId;
const nextYear = String(new Date().getFullYear() + 1);

/** What braintree-web's card frame posts for a form: the fields it has, `options.validate` and the meta. */
const tokenizeCard = (authorization: string, creditCard: Record<string, unknown>) =>
  clientApi(target, authorization, 'payment_methods/credit_cards', { creditCard: { options: { validate: false }, ...creditCard }, _meta: { source: 'hosted-fields' } });

/** Hosted Fields with only `{ cvv }`: the code alone. */
const tokenizeCode = (authorization: string, cvv: string) => tokenizeCard(authorization, { cvv });

async function codeNonce(authorization: string, cvv: string): Promise<string> {
  const { status, body } = await tokenizeCode(authorization, cvv);
  expect(status).toBe(201);
  return at(body, 'creditCards', 0, 'nonce') as string;
}

/** A customer with one card saved from the client API's nonce, and a client token of theirs. */
async function customerWithCard(number = '4111111111111111'): Promise<{ customerId: string; token: string; authorization: string }> {
  const { body } = await tokenizeCard(fingerprint, { number, expirationMonth: '12', expirationYear: nextYear });
  const created = await gateway.customer.create({ firstName: 'Sam', paymentMethodNonce: at(body, 'creditCards', 0, 'nonce') as string });
  expect(created.success).toBe(true);
  const customerId = created.customer.id as string;
  const clientToken = (await gateway.clientToken.generate({ customerId })).clientToken;
  const authorization = (JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')) as { authorizationFingerprint: string }).authorizationFingerprint;
  return { customerId, token: created.customer.paymentMethods?.[0].token as string, authorization };
}

/** The vault manager's nonce for the saved card, 3-D Secured by the lookup; the authentication's id as the server reads it. */
async function threeDSecured(authorization: string): Promise<{ nonce: string; authenticationId: string }> {
  const listed = await savedPaymentMethods(target, authorization);
  const vaultNonce = at(listed.body, 'paymentMethods', 0, 'nonce') as string;
  const lookup = await clientApi(target, authorization, `payment_methods/${vaultNonce}/three_d_secure/lookup`, { amount: '10.00' });
  expect(lookup.status).toBe(201);
  const nonce = at(lookup.body, 'paymentMethod', 'nonce') as string;
  const authenticationId = authenticationIdOf((await gateway.paymentMethodNonce.find(nonce)).threeDSecureInfo) as string;
  expect(authenticationId).toEqual(expect.any(String));
  return { nonce, authenticationId };
}

const saleWithCode = (token: string, nonce: string, extra: SaleExtra = {}) =>
  gateway.transaction.sale({ amount: '10.00', paymentMethodToken: token, paymentMethodNonce: nonce, options: { submitForSettlement: true }, ...extra } as braintree.TransactionRequest);

describe('a CVV-only tokenization', () => {
  it('answers a nonce that carries the code alone: a card with no number, brand or expiry', async () => {
    const { status, body } = await tokenizeCode(fingerprint, '123');
    expect(status).toBe(201);
    const tokenized = at(body, 'creditCards', 0) as Record<string, unknown>;
    expect(tokenized).toMatchObject({ type: 'CreditCard', description: '', consumed: false, details: { lastFour: '', lastTwo: '', bin: '', cardType: 'Unknown' } });
    // The server SDK reads it as a card nonce with no card details.
    const found = await gateway.paymentMethodNonce.find(tokenized.nonce as string);
    expect(found).toMatchObject({ type: 'CreditCard', consumed: false, description: '', details: { lastFour: '', cardType: 'Unknown' } });
    // Four digits are a code too (the brand is not known here).
    expect((await tokenizeCode(fingerprint, '1234')).status).toBe(201);
  });

  it('refuses a code that is not three or four digits with 81707, as braintree-web reads it', async () => {
    for (const cvv of ['12', '12345', '12a']) {
      const { status, body } = await tokenizeCode(fingerprint, cvv);
      expect(status).toBe(422);
      expect(at(body, 'fieldErrors', 0, 'fieldErrors', 0)).toMatchObject({ field: 'cvv', code: '81707' });
    }
  });

  it('saves nothing, even when asked to validate with a customer token', async () => {
    const { customerId, authorization } = await customerWithCard();
    const { status } = await tokenizeCard(authorization, { cvv: '123', options: { validate: true } });
    expect(status).toBe(201);
    expect((await gateway.customer.find(customerId)).paymentMethods).toHaveLength(1);
  });
});

describe('a sale of a saved card with its code typed again', () => {
  it('charges the saved card with the code (CVV M), and the code nonce is then used up (91564)', async () => {
    const { customerId, token, authorization } = await customerWithCard();
    const nonce = await codeNonce(authorization, '123');
    const result = await saleWithCode(token, nonce);
    expect(result.success).toBe(true);
    expect(result.transaction).toMatchObject({ status: 'submitted_for_settlement', cvvResponseCode: 'M', paymentInstrumentType: 'credit_card' });
    expect(result.transaction.creditCard).toMatchObject({ token, last4: '1111', cardType: 'Visa' });
    expect(result.transaction.customer.id).toBe(customerId);
    expect(await consumed(nonce)).toBe(true);
    expect(codes(await saleWithCode(token, nonce))).toEqual(['91564']);
  });

  it('rejects a code that does not match (200) at the gateway as cvv with CVV N, charging nothing', async () => {
    const { token, authorization } = await customerWithCard();
    const result = await saleWithCode(token, await codeNonce(authorization, '200'));
    expect(result.success).toBe(false);
    expect(result.message).toBe('Gateway Rejected: cvv');
    expect(result.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'cvv', cvvResponseCode: 'N' });
    expect(result.transaction.creditCard?.token).toBe(token);
    expect(result.transaction.statusHistory?.map((entry) => entry.status)).toEqual(['gateway_rejected']);
  });

  it("rejects a code of the wrong length for the saved card's brand the same way", async () => {
    const amex = await customerWithCard('378282246310005');
    const short = await saleWithCode(amex.token, await codeNonce(amex.authorization, '123'));
    expect(short.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'cvv', cvvResponseCode: 'N' });
    expect((await saleWithCode(amex.token, await codeNonce(amex.authorization, '1234'))).success).toBe(true);

    const visa = await customerWithCard();
    const long = await saleWithCode(visa.token, await codeNonce(visa.authorization, '1234'));
    expect(long.transaction).toMatchObject({ gatewayRejectionReason: 'cvv', cvvResponseCode: 'N' });
  });

  it('refuses what the provider refuses: a code alone (81714), a card nonce beside a token (91515), an unknown token (91518)', async () => {
    const { token, authorization } = await customerWithCard();
    const alone = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await codeNonce(authorization, '123') });
    expect(alone.success).toBe(false);
    expect(codes(alone)).toEqual(['81714']);

    const { body } = await tokenizeCard(fingerprint, { number: '5555555555554444', expirationMonth: '12', expirationYear: nextYear, cvv: '123' });
    const cardNonce = at(body, 'creditCards', 0, 'nonce') as string;
    const both = await saleWithCode(token, cardNonce);
    expect(codes(both)).toEqual(['91515']);
    expect(both.errors.for('transaction')?.on('base')).toEqual([expect.objectContaining({ code: '91515' })]);
    // Refused before anything was charged: the card's nonce is still good.
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: cardNonce })).success).toBe(true);

    expect(codes(await saleWithCode('no_such_token', await codeNonce(authorization, '123')))).toEqual(['91518']);
  });

  it('a CVV-only nonce cannot be saved as a card, nor looked up for 3-D Secure', async () => {
    const { customerId, authorization } = await customerWithCard();
    const saved = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: await codeNonce(authorization, '123') });
    expect(saved.success).toBe(false);
    expect(codes(saved)).toEqual(['81714']);
    const lookup = await clientApi(target, authorization, `payment_methods/${await codeNonce(authorization, '123')}/three_d_secure/lookup`, { amount: '10.00' });
    expect(lookup.status).toBe(422);
  });
});

describe('3-D Secure on a sale by token and code', () => {
  const required = { submitForSettlement: true, threeDSecure: { required: true } };

  it("goes by the lookup's authentication id: required is met, and the transaction carries that authentication", async () => {
    const { token, authorization } = await customerWithCard();
    const { authenticationId } = await threeDSecured(authorization);
    const result = await saleWithCode(token, await codeNonce(authorization, '123'), { threeDSecureAuthenticationId: authenticationId, options: required });
    expect(result.success).toBe(true);
    expect(result.transaction.threeDSecureInfo).toMatchObject({ liabilityShifted: true, status: 'authenticate_successful' });
    expect(authenticationIdOf(result.transaction.threeDSecureInfo)).toBe(authenticationId);
    expect(result.transaction.cvvResponseCode).toBe('M');
  });

  it('without the id, required rejects the sale as three_d_secure (a token and a code carry no authentication)', async () => {
    const { token, authorization } = await customerWithCard();
    const nonce = await codeNonce(authorization, '123');
    const result = await saleWithCode(token, nonce, { options: required });
    expect(result.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
    // Turned away before the processor: the code is still good for the next try.
    expect(await consumed(nonce)).toBe(false);
  });

  it("refuses an id no authentication has (915196) and another card's (915197), charging nothing", async () => {
    const { token, authorization } = await customerWithCard();
    const unknown = await saleWithCode(token, await codeNonce(authorization, '123'), { threeDSecureAuthenticationId: 'no_such_authentication', options: required });
    expect(unknown.success).toBe(false);
    expect(codes(unknown)).toEqual(['915196']);
    expect(unknown.errors.for('transaction')?.on('threeDSecureAuthenticationId')).toEqual([expect.objectContaining({ code: '915196' })]);
    expect(unknown.transaction).toBeUndefined();

    const other = await customerWithCard('5555555555554444');
    const { authenticationId } = await threeDSecured(other.authorization);
    const mismatched = await saleWithCode(token, await codeNonce(authorization, '123'), { threeDSecureAuthenticationId: authenticationId, options: required });
    expect(codes(mismatched)).toEqual(['915197']);
    // Without required, the id is still checked: it is never ignored.
    expect(codes(await saleWithCode(token, await codeNonce(authorization, '123'), { threeDSecureAuthenticationId: 'no_such_authentication' }))).toEqual(['915196']);
  });
});
