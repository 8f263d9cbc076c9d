import type { CustomerCategory, Customer, CustomerStatus } from '@store/domain';

export interface NewCustomer {
  readonly customer: Customer;
  readonly passwordHash: string;
  readonly contactPreferences: { readonly marketingOptIn: boolean; readonly hash: string };
}

export interface ContactPreferences {
  readonly customerId: string;
  readonly marketingOptIn: boolean;
  readonly termsAccepted: boolean;
  readonly hash: string;
}

export interface CustomerRepository {
  findById(id: string): Promise<Customer | null>;
  findByEmail(email: string): Promise<Customer | null>;
  /** Stores a new customer with credentials and preferences; 'email-taken' when the email is already an account. */
  create(input: NewCustomer): Promise<'created' | 'email-taken'>;
  passwordHashOf(customerId: string): Promise<string | null>;
  /** Replaces the password; a locked account is unlocked and its failure count cleared. */
  setPassword(customerId: string, passwordHash: string): Promise<void>;
  /** False when there was no account to change (removed, or suspended since the session was read). */
  updateAccount(
    customerId: string,
    account: Pick<Customer, 'accountType' | 'customerCategory' | 'accountName' | 'hasConfirmedAccountType'>,
  ): Promise<boolean>;
  /** Counts a failed sign-in and returns the new count (atomically, so concurrent failures all count). */
  recordFailedSignIn(customerId: string): Promise<number>;
  resetFailedSignIns(customerId: string): Promise<void>;
  setStatus(customerId: string, status: CustomerStatus): Promise<void>;
  contactPreferences(customerId: string): Promise<ContactPreferences | null>;
  setMarketingOptInByHash(hash: string, optIn: boolean): Promise<boolean>;
}
export const CUSTOMER_REPOSITORY = Symbol('CustomerRepository');

export interface ReservedEmailRepository {
  reserve(email: string): Promise<void>;
  release(email: string): Promise<void>;
  isReserved(email: string): Promise<boolean>;
}
export const RESERVED_EMAIL_REPOSITORY = Symbol('ReservedEmailRepository');

export interface CustomerCategoryRepository {
  list(): Promise<{ business: CustomerCategory[]; education: CustomerCategory[] }>;
}
export const CUSTOMER_CATEGORY_REPOSITORY = Symbol('CustomerCategoryRepository');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
export const PASSWORD_HASHER = Symbol('PasswordHasher');

/** Says whether a password is a popular or breached one that must not be used. */
export interface PasswordScreen {
  isCompromised(password: string): Promise<boolean>;
}
export const PASSWORD_SCREEN = Symbol('PasswordScreen');

/** Unguessable secrets (session ids, tokens) and the one-way digest under which they are stored. */
export interface SecretGenerator {
  secret(): string;
  digest(secret: string): string;
}
export const SECRET_GENERATOR = Symbol('SecretGenerator');

export interface SessionRepository {
  create(session: { idDigest: string; customerId: string; expiresAt: Date }): Promise<void>;
  /** The customer of a live session (one read), or null when the session is unknown or expired. */
  customerOf(idDigest: string, now: Date): Promise<Customer | null>;
  delete(idDigest: string): Promise<void>;
  /** Ends every session of a customer (after a password change). */
  deleteAllFor(customerId: string): Promise<void>;
}
export const SESSION_REPOSITORY = Symbol('SessionRepository');

/** How long a new password must be: the store's PASSWORD_MIN_LENGTH (the spec's six by default). */
export interface PasswordPolicy {
  readonly minLength: number;
}
