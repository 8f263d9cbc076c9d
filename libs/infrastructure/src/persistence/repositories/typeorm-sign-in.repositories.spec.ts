import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresRateLimiter, TypeOrmOneTimeTokenRepository } from './typeorm-sign-in.repositories';
import { TypeOrmCustomerRepository } from './typeorm-identity.repositories';
import { randomUUID } from 'node:crypto';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const limit = { attempts: 3, windowSeconds: 15 * 60 };
const at = (iso: string) => new Date(iso);

describe('PostgresRateLimiter', () => {
  it('allows the limit within the window and refuses the next, per key', async () => {
    const limiter = new PostgresRateLimiter(db.dataSource);
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await limiter.attempt(['a'], limit, at('2026-11-22T10:00:10Z')));
    expect(answers).toEqual([true, true, true, false]);
    expect(await limiter.attempt(['b'], limit, at('2026-11-22T10:00:10Z'))).toBe(true);
    expect(await limiter.attempt(['b', 'a'], limit, at('2026-11-22T10:00:10Z'))).toBe(false);
  });

  it('slides: attempts count until a full window has passed, with no edge that resets them', async () => {
    const limiter = new PostgresRateLimiter(db.dataSource);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:14:50Z'))).toBe(true);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:14:55Z'))).toBe(true);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:15:01Z'))).toBe(true);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:15:05Z'))).toBe(false);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:29:30Z'))).toBe(false);
    expect(await limiter.attempt(['slide'], limit, at('2026-11-22T10:45:00Z'))).toBe(true);
  });

  it('counts every one of many concurrent attempts', async () => {
    const limiter = new PostgresRateLimiter(db.dataSource);
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.attempt(['burst'], { attempts: 5, windowSeconds: 900 }, at('2026-11-22T11:00:00Z'))));
    expect(answers.filter(Boolean).length).toBeLessThanOrEqual(5);
    const [{ hits }] = await db.dataSource.query(`SELECT sum(hits)::int AS hits FROM rate_limit_hits WHERE key = 'burst'`);
    expect(hits).toBe(12);
  });
});

describe('one-time tokens', () => {
  it('are consumed exactly once, however many try at once, and never after expiry', async () => {
    const customers = new TypeOrmCustomerRepository(db.dataSource);
    const id = randomUUID();
    await customers.create({
      customer: {
        id,
        publicId: randomUUID(),
        email: `${id}@example.com`,
        emailVerified: false,
        firstName: 'A',
        lastName: 'B',
        country: 'GB',
        accountType: 'personal',
        customerCategory: 'personal',
        accountName: null,
        hasConfirmedAccountType: true,
        status: 'active',
      },
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA',
      contactPreferences: { marketingOptIn: false, hash: randomUUID() },
    });
    const tokens = new TypeOrmOneTimeTokenRepository(db.dataSource);
    const digest = 'a'.repeat(64);
    await tokens.issue({ digest, purpose: 'login', customerId: id, expiresAt: at('2030-01-01T00:00:00Z') });
    expect(await tokens.consume(digest, 'recovery', at('2029-01-01T00:00:00Z'))).toBeNull();
    expect(await tokens.peek(digest, 'login', at('2029-01-01T00:00:00Z'))).toBe(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => tokens.consume(digest, 'login', at('2029-01-01T00:00:00Z'))));
    expect(results.filter((result) => result === id)).toHaveLength(1);

    const late = 'b'.repeat(64);
    await tokens.issue({ digest: late, purpose: 'recovery', customerId: id, expiresAt: at('2029-01-01T00:00:00Z') });
    expect(await tokens.consume(late, 'recovery', at('2029-01-01T00:00:00Z'))).toBeNull();
    const revoked = 'c'.repeat(64);
    await tokens.issue({ digest: revoked, purpose: 'recovery', customerId: id, expiresAt: at('2030-01-01T00:00:00Z') });
    await tokens.revokeAll(id, 'recovery');
    expect(await tokens.peek(revoked, 'recovery', at('2029-01-01T00:00:00Z'))).toBeNull();
  });
});
