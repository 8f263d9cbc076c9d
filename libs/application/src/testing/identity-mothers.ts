import type { Customer } from '@store/domain';
import { aCustomer } from '@store/domain/testing';
import { SessionService } from '../identity/session.service';
import { CredentialCheck } from '../identity/sign-in.use-case';
import { FixedClock } from './fixed-ports';
import { InMemoryCustomers, InMemorySessions, ListPasswordScreen, PlainHasher, SequentialSecrets } from './in-memory-identity';
import { FakeSecondFactor, InMemoryEmailVerifications, InMemoryOneTimeTokens, InMemoryOutbox, InMemoryRateLimiter, InMemorySignInLockouts } from './in-memory-sign-in';

export const A_PASSWORD = 'correct horse battery';
export const STORE_URL = 'https://store.example';

/**
 * Every identity port as a fake, wired the way the API wires them, at a fixed time: the use cases
 * of signing in, sessions, recovery and verification are built from it.
 */
export function anIdentityWorld(now = new Date('2026-11-22T12:00:00Z')) {
  const customers = new InMemoryCustomers();
  const clock = new FixedClock(now);
  const secrets = new SequentialSecrets();
  const hasher = new PlainHasher();
  const secondFactor = new FakeSecondFactor();
  const limiter = new InMemoryRateLimiter();
  const outbox = new InMemoryOutbox();
  const lockouts = new InMemorySignInLockouts(customers);
  const sessionStore = new InMemorySessions(customers);
  return {
    customers,
    clock,
    secrets,
    hasher,
    screen: new ListPasswordScreen(),
    secondFactor,
    limiter,
    outbox,
    lockouts,
    sessionStore,
    tokens: new InMemoryOneTimeTokens(),
    verifications: new InMemoryEmailVerifications(customers),
    sessions: new SessionService(sessionStore, secrets, clock),
    credentials: new CredentialCheck(customers, hasher, secondFactor, limiter, clock, lockouts, outbox, { publicUrl: STORE_URL, locale: 'en-gb' }),
  };
}

/** A customer with an account and a password (`A_PASSWORD` unless given), stored in `customers`. */
export async function aRegisteredCustomer(customers: InMemoryCustomers, overrides: Partial<Customer> = {}, password = A_PASSWORD): Promise<Customer> {
  const customer = aCustomer(overrides);
  await customers.create({ customer, passwordHash: await new PlainHasher().hash(password), contactPreferences: { marketingOptIn: false, hash: `prefs-${customer.id}` } });
  return customer;
}
