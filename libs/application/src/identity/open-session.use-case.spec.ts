import { A_PASSWORD, aRegisteredCustomer, anIdentityWorld } from '../testing';
import { OpenSession, safeRedirect } from './open-session.use-case';
import { SignIn } from './sign-in.use-case';

async function signedIn() {
  const world = anIdentityWorld();
  const customer = await aRegisteredCustomer(world.customers);
  const issued = await new SignIn(world.credentials, world.tokens, world.secrets, world.clock).execute({ email: customer.email, password: A_PASSWORD, clientAddress: '203.0.113.7' });
  if (!issued.ok) throw new Error(issued.error.errorName);
  return { ...world, customer, token: issued.value.token, open: new OpenSession(world.tokens, world.secrets, world.sessions, world.clock) };
}

describe('OpenSession', () => {
  it('exchanges a login token once for a session of its customer', async () => {
    const { open, token, customer, sessions } = await signedIn();
    const opened = await open.execute(token, '/en-gb/checkout/');
    if (!opened.ok) throw new Error(opened.error.errorName);
    expect(opened.value).toMatchObject({ customerId: customer.id, redirectTo: '/en-gb/checkout/' });
    expect((await sessions.customerOf(opened.value.session.id))?.id).toBe(customer.id);
    const again = await open.execute(token, null);
    expect(!again.ok && again.error.errorName).toBe('SESSION_EXPIRED');
  });

  it('refuses a token past its two minutes, and an unknown one', async () => {
    const { open, token, clock, sessionStore } = await signedIn();
    clock.advance(121_000);
    expect(await open.execute(token, null)).toMatchObject({ ok: false, error: { errorName: 'SESSION_EXPIRED' } });
    expect(await open.execute('made-up', null)).toMatchObject({ ok: false, error: { errorName: 'SESSION_EXPIRED' } });
    expect(sessionStore.sessions.size).toBe(0);
  });

  it('sends the shopper elsewhere on our own site only', async () => {
    const { open, token } = await signedIn();
    const opened = await open.execute(token, 'https://evil.example/');
    expect(opened.ok && opened.value.redirectTo).toBe('/');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/en-gb/checkout/?step=2', '/en-gb/checkout/?step=2'],
    [null, '/'],
    ['', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\nb', '/'],
    ['/a b', '/'],
    [`/${'a'.repeat(512)}`, '/'],
  ])('%j goes to %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it('falls back where the caller says', () => {
    expect(safeRedirect('//x', '/en-gb/')).toBe('/en-gb/');
  });
});
