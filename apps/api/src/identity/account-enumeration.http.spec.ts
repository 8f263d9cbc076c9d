import { PASSWORD_HASHER, type PasswordHasher } from '@store/application';
import { checkoutAction, freshEmail, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'analytical engine 1843';
let addressCounter = 0;
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function createAccount(email: string) {
  const response = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(email));
  expect(response.body.success).toBe(true);
}

const login = (username: string, password: string, address = nextAddress()) =>
  t.http().post('/auth/login').set(XHR).set('X-Forwarded-For', address).send({ username, password });

const preregister = (email: string, address: string) =>
  t.http().post('/data/checkout/').set(XHR).set('X-Forwarded-For', address).type('form').send({ action: 'PREREGISTER_EMAIL', body: JSON.stringify({ email }) });

describe('sign-in does not tell whether an account exists', () => {
  it('answers an unknown email and a wrong password with the same status, code, type and message', async () => {
    const email = freshEmail('known');
    await createAccount(email);
    const unknown = await login(freshEmail('nobody'), PASSWORD);
    const wrong = await login(email, 'not the password');
    const shape = (response: typeof unknown) => ({ status: response.status, code: response.body.code, type: response.body.type, message: response.body.message });
    expect(shape(unknown)).toEqual(shape(wrong));
    expect(shape(wrong)).toEqual({ status: 401, code: 100101, type: 'invalid-credentials', message: 'The sign-in details you have entered are incorrect.' });
  });

  it('runs the password hasher\u2019s verify exactly once for an unknown email, as for a wrong password', async () => {
    const email = freshEmail('timing');
    await createAccount(email);
    const hasher = t.app.get<PasswordHasher>(PASSWORD_HASHER);
    const verify = jest.spyOn(hasher, 'verify');
    try {
      await login(freshEmail('nobody'), PASSWORD);
      const unknownCalls = verify.mock.calls.length;
      verify.mockClear();
      await login(email, 'not the password');
      const wrongCalls = verify.mock.calls.length;
      expect({ unknownCalls, wrongCalls }).toEqual({ unknownCalls: 1, wrongCalls: 1 });
      // The unknown email is checked against a real Argon2id hash, so it costs what a real check costs.
      verify.mockClear();
      await login(freshEmail('nobody'), PASSWORD);
      expect(verify.mock.calls[0][0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verify.mock.results[0].value).toBe(false);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('PREREGISTER_EMAIL is throttled like sign-in', () => {
  it('answers 429 with the catalogued code after twenty lookups of one email from many clients', async () => {
    const email = freshEmail('probed');
    await createAccount(email);
    const codes: number[] = [];
    for (let lookup = 1; lookup <= 21; lookup++) codes.push((await preregister(email, nextAddress())).body.code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(100200));
    const refused = await preregister(email, nextAddress());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 429, message: "Too many failed attempts. You can't access this page right now. Please try again later." });
    expect(codes[20]).toBe(429);
  });

  it('answers 429 with the catalogued code after a hundred lookups from one client', async () => {
    const address = '192.0.2.200';
    const statuses: number[] = [];
    for (let lookup = 1; lookup <= 100; lookup++) statuses.push((await preregister(freshEmail('scan'), address)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    const refused = await preregister(freshEmail('scan'), address);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(429);
    // Another client is not affected.
    expect((await preregister(freshEmail('scan'), '192.0.2.201')).status).toBe(200);
  });
});

describe('CREATE_CUSTOMER with a taken email is an existence lookup too', () => {
  const create = (email: string, address: string) =>
    t.http().post('/data/checkout/').set(XHR).set('X-Forwarded-For', address).type('form').send({ action: 'CREATE_CUSTOMER', body: JSON.stringify(newCustomerBody(email)) });

  it('answers 429 instead of 100200 once the lookups of that email are used up, and still creates new accounts', async () => {
    const email = freshEmail('taken');
    await createAccount(email);
    const codes: number[] = [];
    for (let attempt = 1; attempt <= 21; attempt++) codes.push((await create(email, nextAddress())).body.code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(100200));
    expect(codes[20]).toBe(429);
    // PREREGISTER_EMAIL draws on the same allowance.
    expect((await preregister(email, nextAddress())).body.code).toBe(429);
    expect((await create(freshEmail('new'), nextAddress())).body.success).toBe(true);
  });
});

