import { assetRoutes } from '../assets';
import { startServer, type RunningSandbox } from '../server';
import { clientApiRoutes } from '.';
import { signJwt } from './jwt';

// The client API answers JSON the tests read loosely.
const json = async (response: Response): Promise<any> => response.json();

let sandbox: RunningSandbox;
let fingerprint: string;
const API = '/merchants/sandbox_merchant/client_api/v1';

beforeAll(async () => {
  sandbox = await startServer({ routes: [clientApiRoutes, assetRoutes] });
  fingerprint = 'fp3ds';
  sandbox.context.store.state.clientTokens[fingerprint] = { fingerprint, customerId: null, merchantAccountId: null, createdAt: new Date().toISOString() };
});
afterAll(() => sandbox.close());

async function post(path: string, body: object) {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, authorizationFingerprint: fingerprint }) });
  return { status: response.status, body: await json(response) };
}

async function tokenized(number: string): Promise<string> {
  const { body } = await post(`${API}/payment_methods/credit_cards`, { creditCard: { number, expirationDate: '12/2031', cvv: '123' } });
  return body.creditCards[0].nonce;
}

const lookup = async (number: string, amount = '10.00') => post(`${API}/payment_methods/${await tokenized(number)}/three_d_secure/lookup`, { amount, bin: number.slice(0, 6), dfReferenceId: 'sandbox_df' });

async function challenge(number: string, action: string) {
  const { body } = await lookup(number);
  const answer = await post(`/__sandbox/3ds/challenges/${body.lookup.transactionId}`, { action });
  return { lookupNonce: body.paymentMethod.nonce as string, transactionId: body.lookup.transactionId as string, answer };
}

describe('three_d_secure/lookup', () => {
  it('authenticates a frictionless card at once with a new nonce carrying the 3-D Secure result', async () => {
    const { status, body } = await lookup('4000000000001000');
    expect(status).toBe(201);
    expect(body.lookup).toMatchObject({ acsUrl: null, threeDSecureVersion: '2.2.0' });
    expect(body.threeDSecureInfo).toEqual({ liabilityShifted: true, liabilityShiftPossible: true });
    expect(body.paymentMethod.threeDSecureInfo).toMatchObject({ status: 'authenticate_successful', liabilityShifted: true, enrolled: 'Y', eciFlag: '05', threeDSecureVersion: '2.2.0' });
    expect(body.paymentMethod.threeDSecureInfo.cavv).toBeTruthy();
    const stored = sandbox.context.store.state.nonces[body.paymentMethod.nonce].threeDSecureInfo;
    expect(stored?.status).toBe('authenticate_successful');
    expect(stored).not.toHaveProperty('flow');
  });

  it('reports a frictionless failure without liability shift', async () => {
    const { body } = await lookup('4000000000001018');
    expect(body.threeDSecureInfo).toEqual({ liabilityShifted: false, liabilityShiftPossible: true });
    expect(body.paymentMethod.threeDSecureInfo).toMatchObject({ status: 'authenticate_frictionless_failed', cavv: null });
  });

  it('reports a lookup error as the status lookup_error, as the provider does, not as a failed call', async () => {
    const { status, body } = await lookup('4000000000001067');
    expect(status).toBe(201);
    expect(body.paymentMethod.threeDSecureInfo).toMatchObject({ status: 'lookup_error', liabilityShifted: false, liabilityShiftPossible: false });
  });

  it('sends a challenge card to the sandbox challenge page with a transaction id', async () => {
    const { body } = await lookup('4000000000001091', '25.50');
    expect(body.lookup.acsUrl).toBe(`https://assets.braintreegateway.com/__sandbox/3ds/challenge?transaction=${body.lookup.transactionId}`);
    expect(body.paymentMethod.threeDSecureInfo).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true });
    expect(sandbox.context.store.state.challenges[body.lookup.transactionId]).toMatchObject({ nonce: body.paymentMethod.nonce, amount: '25.50', succeeds: true, result: null });
  });

  it('answers 404 for an unknown nonce, 422 for a bad amount or a used nonce', async () => {
    expect((await post(`${API}/payment_methods/nope/three_d_secure/lookup`, { amount: '10.00' })).status).toBe(404);
    expect((await lookup('4000000000001000', 'ten')).status).toBe(422);
    const used = await tokenized('4000000000001000');
    sandbox.context.store.state.nonces[used].consumed = true;
    expect((await post(`${API}/payment_methods/${used}/three_d_secure/lookup`, { amount: '10.00' })).status).toBe(422);
  });
});

describe('the challenge and three_d_secure/authenticate_from_jwt', () => {
  it('shifts liability on a completed challenge, with a new nonce', async () => {
    const { lookupNonce, answer } = await challenge('4000000000001091', 'authenticate');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ActionCode: 'SUCCESS', Payment: { ExtendedData: { PAResStatus: 'Y' } } });
    const { status, body } = await post(`${API}/payment_methods/${lookupNonce}/three_d_secure/authenticate_from_jwt`, { jwt: answer.body.jwt, paymentMethodNonce: lookupNonce });
    expect(status).toBe(201);
    expect(body.threeDSecureInfo).toEqual({ liabilityShifted: true, liabilityShiftPossible: true });
    expect(body.paymentMethod.nonce).not.toBe(lookupNonce);
    expect(body.paymentMethod.threeDSecureInfo).toMatchObject({ status: 'authenticate_successful', liabilityShifted: true });
  });

  it('fails the failing challenge card whatever the cardholder clicks, like the provider (error 81571, no payment method)', async () => {
    const { lookupNonce, answer } = await challenge('4000000000001109', 'authenticate');
    expect(answer.body.data).toMatchObject({ ActionCode: 'FAILURE' });
    const { body } = await post(`${API}/payment_methods/${lookupNonce}/three_d_secure/authenticate_from_jwt`, { jwt: answer.body.jwt, paymentMethodNonce: lookupNonce });
    expect(body).toEqual({ errors: [expect.objectContaining({ code: '81571' })], threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true } });
    expect(sandbox.context.store.state.nonces[lookupNonce].threeDSecureInfo?.status).toBe('authenticate_failed');
  });

  it('marks a cancelled challenge with ChallengeCancel 01', async () => {
    const { transactionId, answer } = await challenge('4000000000001091', 'cancel');
    expect(answer.body.data).toMatchObject({ ActionCode: 'FAILURE', Payment: { ExtendedData: { ChallengeCancel: '01' } } });
    expect(sandbox.context.store.state.challenges[transactionId].result).toBe('cancelled');
    const again = await post(`/__sandbox/3ds/challenges/${transactionId}`, { action: 'authenticate' });
    expect(again.status).toBe(409);
  });

  it('refuses a forged or tampered JWT', async () => {
    const { lookupNonce, transactionId, answer } = await challenge('4000000000001091', 'fail');
    const [header, , signature] = (answer.body.jwt as string).split('.');
    const claims = Buffer.from(JSON.stringify({ transactionId, Payload: { ActionCode: 'SUCCESS' } })).toString('base64url');
    const other = await startServer({ routes: [] });
    try {
      for (const jwt of [`${header}.${claims}.${signature}`, signJwt(other.context.store, { transactionId }), 'not-a-jwt']) {
        const { status } = await post(`${API}/payment_methods/${lookupNonce}/three_d_secure/authenticate_from_jwt`, { jwt, paymentMethodNonce: lookupNonce });
        expect(status).toBe(422);
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a JWT for another payment method', async () => {
    const first = await challenge('4000000000001091', 'authenticate');
    const second = await challenge('4000000000001091', 'authenticate');
    const { status } = await post(`${API}/payment_methods/${second.lookupNonce}/three_d_secure/authenticate_from_jwt`, { jwt: first.answer.body.jwt, paymentMethodNonce: second.lookupNonce });
    expect(status).toBe(422);
  });
});
