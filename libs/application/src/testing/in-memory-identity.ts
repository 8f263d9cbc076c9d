import { normaliseEmail, type Customer, type CustomerCategory, type CustomerStatus } from '@store/domain';
import type {
  ContactPreferences,
  CustomerCategoryRepository,
  CustomerRepository,
  NewCustomer,
  PasswordHasher,
  PasswordScreen,
  ReservedEmailRepository,
  SecretGenerator,
  SessionRepository,
} from '../identity/identity.ports';

export class InMemoryCustomers implements CustomerRepository {
  readonly customers = new Map<string, Customer>();
  readonly hashes = new Map<string, string>();
  readonly failures = new Map<string, number>();
  readonly preferences = new Map<string, ContactPreferences>();

  async findById(id: string) {
    return this.customers.get(id) ?? null;
  }
  async findByEmail(email: string) {
    return [...this.customers.values()].find((customer) => normaliseEmail(customer.email) === normaliseEmail(email)) ?? null;
  }
  async create(input: NewCustomer) {
    if (await this.findByEmail(input.customer.email)) return 'email-taken' as const;
    this.customers.set(input.customer.id, input.customer);
    this.hashes.set(input.customer.id, input.passwordHash);
    this.preferences.set(input.customer.id, {
      customerId: input.customer.id,
      marketingOptIn: input.contactPreferences.marketingOptIn,
      termsAccepted: true,
      hash: input.contactPreferences.hash,
    });
    return 'created' as const;
  }
  async passwordHashOf(customerId: string) {
    return this.hashes.get(customerId) ?? null;
  }
  async setPassword(customerId: string, passwordHash: string) {
    this.hashes.set(customerId, passwordHash);
    this.failures.set(customerId, 0);
    const customer = this.customers.get(customerId);
    if (customer?.status === 'locked') this.customers.set(customerId, { ...customer, status: 'active' });
  }
  async updateAccount(customerId: string, account: Pick<Customer, 'accountType' | 'customerCategory' | 'accountName' | 'hasConfirmedAccountType'>) {
    const customer = this.customers.get(customerId);
    if (!customer || customer.status === 'suspended') return false;
    this.customers.set(customerId, { ...customer, ...account });
    return true;
  }
  async recordFailedSignIn(customerId: string) {
    const count = (this.failures.get(customerId) ?? 0) + 1;
    this.failures.set(customerId, count);
    return count;
  }
  async resetFailedSignIns(customerId: string) {
    this.failures.set(customerId, 0);
  }
  async setStatus(customerId: string, status: CustomerStatus) {
    const customer = this.customers.get(customerId);
    if (customer) this.customers.set(customerId, { ...customer, status });
  }
  async contactPreferences(customerId: string) {
    return this.preferences.get(customerId) ?? null;
  }
  async setMarketingOptInByHash(hash: string, optIn: boolean) {
    const found = [...this.preferences.values()].find((preferences) => preferences.hash === hash);
    if (!found) return false;
    this.preferences.set(found.customerId, { ...found, marketingOptIn: optIn });
    return true;
  }
}

export class InMemoryReservedEmails implements ReservedEmailRepository {
  readonly emails = new Set<string>();
  async reserve(email: string) {
    this.emails.add(email);
  }
  async release(email: string) {
    this.emails.delete(email);
  }
  async isReserved(email: string) {
    return this.emails.has(email);
  }
}

export class FixedCategories implements CustomerCategoryRepository {
  constructor(
    private readonly categories: { business: CustomerCategory[]; education: CustomerCategory[] } = {
      business: [{ name: 'Design agency', fqn: 'business.design-agency' }],
      education: [{ name: 'University or college', fqn: 'education.university' }],
    },
  ) {}
  async list() {
    return this.categories;
  }
}

/** Not a real hash: reversible on purpose so tests can see what was stored. */
export class PlainHasher implements PasswordHasher {
  async hash(password: string) {
    return `hashed:${password}`;
  }
  async verify(hash: string, password: string) {
    return hash === `hashed:${password}`;
  }
}

export class ListPasswordScreen implements PasswordScreen {
  constructor(private readonly compromised: readonly string[] = ['password', '123456']) {}
  async isCompromised(password: string) {
    return this.compromised.includes(password.toLowerCase());
  }
}

export class SequentialSecrets implements SecretGenerator {
  private counter = 0;
  secret() {
    this.counter += 1;
    return `secret-${this.counter}`;
  }
  digest(secret: string) {
    return `digest(${secret})`;
  }
}

export class InMemorySessions implements SessionRepository {
  readonly sessions = new Map<string, { customerId: string; expiresAt: Date }>();
  /** `customers`: where the sessions' customers are kept. */
  constructor(private readonly customers: Pick<CustomerRepository, 'findById'>) {}
  async create(session: { idDigest: string; customerId: string; expiresAt: Date }) {
    this.sessions.set(session.idDigest, { customerId: session.customerId, expiresAt: session.expiresAt });
  }
  async customerOf(idDigest: string, now: Date) {
    const session = this.sessions.get(idDigest);
    return session && session.expiresAt > now ? this.customers.findById(session.customerId) : null;
  }
  async delete(idDigest: string) {
    this.sessions.delete(idDigest);
  }
  async deleteAllFor(customerId: string) {
    for (const [digest, session] of this.sessions) if (session.customerId === customerId) this.sessions.delete(digest);
  }
}
