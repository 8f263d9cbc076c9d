import type { Customer } from '@store/domain';
import type { SecretGenerator } from './identity.ports';
import type { OneTimeTokenPurpose, OneTimeTokenRepository } from './sign-in.ports';

/**
 * Issues a single-use secret for one of the customer's own links (a password reset, an address to
 * prove), keeping only its digest, and gives the link to mail: the store's page `page` in `locale`,
 * with the account's email and the secret in its query.
 */
export async function issueMailedLink(
  ports: { readonly tokens: OneTimeTokenRepository; readonly secrets: SecretGenerator; readonly publicUrl: string },
  link: { readonly purpose: OneTimeTokenPurpose; readonly customer: Customer; readonly lifetimeSeconds: number; readonly now: Date; readonly locale: string; readonly page: string },
): Promise<string> {
  const token = ports.secrets.secret();
  await ports.tokens.issue({
    digest: ports.secrets.digest(token),
    purpose: link.purpose,
    customerId: link.customer.id,
    expiresAt: new Date(link.now.getTime() + link.lifetimeSeconds * 1000),
  });
  const base = ports.publicUrl.replace(/\/$/, '');
  return `${base}/${link.locale}/${link.page}/?email=${encodeURIComponent(link.customer.email)}&token=${encodeURIComponent(token)}`;
}
