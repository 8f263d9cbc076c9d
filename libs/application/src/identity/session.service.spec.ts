import { SESSION_LIFETIME_SECONDS } from '@store/domain';
import { aRegisteredCustomer, anIdentityWorld } from '../testing';

describe('SessionService', () => {
  it('starts a session with a new secret each time, stored only as its digest', async () => {
    const { sessions, sessionStore, customers, secrets } = anIdentityWorld();
    const customer = await aRegisteredCustomer(customers);
    const first = await sessions.start(customer.id);
    const second = await sessions.start(customer.id);
    expect(first.id).not.toBe(second.id);
    expect([...sessionStore.sessions.keys()]).toEqual([secrets.digest(first.id), secrets.digest(second.id)]);
    expect((await sessions.customerOf(first.id))?.id).toBe(customer.id);
  });

  it('ends a session after its lifetime, or when ended', async () => {
    const { sessions, customers, clock } = anIdentityWorld();
    const customer = await aRegisteredCustomer(customers);
    const lapsing = await sessions.start(customer.id);
    const ended = await sessions.start(customer.id);
    expect(lapsing.expiresAt.getTime() - clock.now().getTime()).toBe(SESSION_LIFETIME_SECONDS * 1000);
    await sessions.end(ended.id);
    expect(await sessions.customerOf(ended.id)).toBeNull();
    clock.advance(SESSION_LIFETIME_SECONDS * 1000 - 1);
    expect(await sessions.customerOf(lapsing.id)).not.toBeNull();
    clock.advance(1);
    expect(await sessions.customerOf(lapsing.id)).toBeNull();
  });

  it('knows nobody without a session id, and a suspended customer is signed out', async () => {
    const { sessions, customers } = anIdentityWorld();
    const customer = await aRegisteredCustomer(customers);
    const session = await sessions.start(customer.id);
    expect(await sessions.customerOf(null)).toBeNull();
    await sessions.end(null);
    await customers.setStatus(customer.id, 'suspended');
    expect(await sessions.customerOf(session.id)).toBeNull();
  });
});
