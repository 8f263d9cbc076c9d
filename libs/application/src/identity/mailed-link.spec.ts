import { aCustomer } from '@store/domain/testing';
import { InMemoryOneTimeTokens, SequentialSecrets } from '../testing';
import { issueMailedLink } from './mailed-link';

describe('issueMailedLink', () => {
  it('stores the digest of a new secret for the customer and puts the secret and email in the link', async () => {
    const tokens = new InMemoryOneTimeTokens();
    const secrets = new SequentialSecrets();
    const customer = aCustomer({ email: 'ada+shop@example.com' });
    const now = new Date('2026-11-22T12:00:00Z');
    const link = await issueMailedLink(
      { tokens, secrets, publicUrl: 'https://store.example/' },
      { purpose: 'recovery', customer, lifetimeSeconds: 60, now, locale: 'en-gb', page: 'reset-password' },
    );
    expect(link).toBe('https://store.example/en-gb/reset-password/?email=ada%2Bshop%40example.com&token=secret-1');
    expect([...tokens.tokens]).toEqual([['digest(secret-1)', { purpose: 'recovery', customerId: customer.id, expiresAt: new Date('2026-11-22T12:01:00Z'), used: false }]]);
    expect(await tokens.peek('digest(secret-1)', 'login', now)).toBeNull();
  });
});
