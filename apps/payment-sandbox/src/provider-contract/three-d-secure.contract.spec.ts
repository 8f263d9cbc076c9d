import braintree from 'braintree';
import { errorCodes, futureExpiry } from './target';
import { useContractTarget } from './suite';

/**
 * 3-D Secure without a browser: the documented static 3-D Secure nonces (their results found on
 * the nonce and carried to the sale), `three_d_secure.required`, and the test verification endpoint
 * the server SDKs' test helpers call (`POST /three_d_secure/create_verification/{account}`), whose
 * authentication id a sale of the same card then names.
 */

const { target, gateway } = useContractTarget();

describe('the static 3-D Secure nonces', () => {
  it('full authentication: the nonce and its sale carry the liability shift', async () => {
    const nonce = 'fake-three-d-secure-visa-full-authentication-nonce';
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found.type).toBe('CreditCard');
    expect(found.threeDSecureInfo).toMatchObject({ enrolled: 'Y', status: 'authenticate_successful', liabilityShifted: true, liabilityShiftPossible: true });
    // The values the server SDKs' integration specs read back from the provider's sandbox.
    expect(found.threeDSecureInfo).toMatchObject({ cavv: 'cavv_value', xid: 'xid_value', eciFlag: '05', threeDSecureVersion: '1.0.2', dsTransactionId: null });

    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce, options: { threeDSecure: { required: true } } });
    expect(result.success).toBe(true);
    expect(result.transaction.threeDSecureInfo).toMatchObject({ status: 'authenticate_successful', liabilityShifted: true, liabilityShiftPossible: true, enrolled: 'Y' });
  });

  it.each([
    ['fake-three-d-secure-visa-failed-authentication-nonce', 'authenticate_failed', false],
    ['fake-three-d-secure-visa-attempts-non-participating-nonce', 'authenticate_attempt_successful', true],
    ['fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce', 'authenticate_successful', true],
  ])('%s: %s, liability shifted %s', async (nonce, status, shifted) => {
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found.threeDSecureInfo).toMatchObject({ status, liabilityShifted: shifted });
  });

  it('three_d_secure.required rejects a sale whose authentication failed, and one without 3-D Secure', async () => {
    const failed = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-three-d-secure-visa-failed-authentication-nonce',
      options: { threeDSecure: { required: true } },
    });
    expect(failed.success).toBe(false);
    expect(failed.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
    const without = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', options: { threeDSecure: { required: true } } });
    expect(without.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
  });
});

describe('the test verification endpoint', () => {
  /** The SDK helpers' call: the card and the directory's and issuer's answers; gives the authentication id. */
  async function createVerification(params: Record<string, string>): Promise<string> {
    // The SDK's own http client (untyped in its typings), as its test helpers call the endpoint.
    const sdk = gateway as unknown as { http: { post(path: string, body: unknown): Promise<unknown> }; config: { baseMerchantPath(): string } };
    const response = (await sdk.http.post(`${sdk.config.baseMerchantPath()}/three_d_secure/create_verification/${target.defaultMerchantAccountId}`, {
      threeDSecureVerification: params,
    })) as { threeDSecureVerification: { threeDSecureAuthenticationId: string } };
    return response.threeDSecureVerification.threeDSecureAuthenticationId;
  }

  const VISA = '4111111111111111';

  it("gives an authentication id a sale of the same card takes, with the verification's result", async () => {
    const expiry = futureExpiry();
    const id = await createVerification({ number: VISA, expirationMonth: expiry.month, expirationYear: expiry.year, eciFlag: '05', cavv: 'some_cavv', xid: 'some_xid', threeDSecureVersion: '1.0.2', authenticationResponse: 'Y', directoryResponse: 'Y' });
    expect(id).toEqual(expect.any(String));
    const result = await gateway.transaction.sale({
      amount: '10.00',
      creditCard: { number: VISA, expirationDate: expiry.date },
      threeDSecureAuthenticationId: id,
      options: { threeDSecure: { required: true } },
    } as braintree.TransactionRequest);
    expect(result.success).toBe(true);
    expect(result.transaction.threeDSecureInfo).toMatchObject({ liabilityShifted: true, eciFlag: '05', cavv: 'some_cavv', xid: 'some_xid', threeDSecureVersion: '1.0.2' });
  });

  it('refuses an authentication id of another card (915197) and one nobody made (915196)', async () => {
    const expiry = futureExpiry();
    const id = await createVerification({ number: VISA, expirationMonth: expiry.month, expirationYear: expiry.year });
    const otherCard = await gateway.transaction.sale({
      amount: '10.00',
      creditCard: { number: '5555555555554444', expirationDate: expiry.date },
      threeDSecureAuthenticationId: id,
    } as braintree.TransactionRequest);
    expect(errorCodes(otherCard)).toEqual(['915197']);
    const unknown = await gateway.transaction.sale({
      amount: '10.00',
      creditCard: { number: VISA, expirationDate: expiry.date },
      threeDSecureAuthenticationId: 'no-such-authentication',
    } as braintree.TransactionRequest);
    expect(errorCodes(unknown)).toEqual(['915196']);
  });
});
