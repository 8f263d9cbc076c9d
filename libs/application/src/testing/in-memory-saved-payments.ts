import { savedMethodOrder, type SavedMethodDetails } from '@store/domain';
import type { CardGatewayPort, VaultListing } from '../payments/card-gateway.ports';
import type { KeptMethod, NewSavedMethod, SavedMethod, SavedMethodRepository } from '../payments/saved-methods.ports';

/** The same card or account as one already saved: the same token, card number fingerprint, PayPal email or Venmo username. */
function sameMethod(a: { token: string; details: SavedMethodDetails; fingerprint: string | null }, b: NewSavedMethod): boolean {
  if (a.token === b.token) return true;
  if (a.details.kind !== b.details.kind) return false;
  if (a.details.kind === 'card') return a.fingerprint !== null && a.fingerprint === b.fingerprint;
  if (a.details.kind === 'paypal' && b.details.kind === 'paypal') return a.details.email.toLowerCase() === b.details.email.toLowerCase();
  if (a.details.kind === 'venmo' && b.details.kind === 'venmo') return a.details.username === b.details.username;
  return false;
}

/** The saved methods as their table keeps them, for the use cases' unit tests (Postgres has its own tests). */
export class InMemorySavedMethods implements SavedMethodRepository {
  readonly methods: SavedMethod[] = [];
  readonly uses: { reference: string; orderNumber: string }[] = [];
  /** The orders not yet settled, by number (what inUse asks the orders about). */
  readonly unsettledOrders = new Set<string>();
  private tick = 0;

  async listFor(customerId: string) {
    return savedMethodOrder(this.methods.filter((method) => method.customerId === customerId));
  }
  async find(customerId: string, reference: string) {
    return this.methods.find((method) => method.customerId === customerId && method.reference === reference) ?? null;
  }
  async vaultCustomerOf(customerId: string) {
    return this.methods.find((method) => method.customerId === customerId)?.vaultCustomerId ?? null;
  }
  async save(method: NewSavedMethod, reference: string): Promise<KeptMethod> {
    const existing = this.methods.findIndex((saved) => saved.customerId === method.customerId && sameMethod(saved, method));
    if (existing >= 0) {
      const before = this.methods[existing];
      const saved = { ...before, token: method.token, details: method.details, fingerprint: method.fingerprint, invalid: false };
      this.methods[existing] = saved;
      return { saved, replacedToken: before.token === method.token ? null : before.token };
    }
    const first = !this.methods.some((saved) => saved.customerId === method.customerId);
    const saved: SavedMethod = { ...method, reference, isDefault: first, invalid: false, createdAt: new Date(Date.UTC(2026, 0, 1) + ++this.tick * 1000) };
    this.methods.push(saved);
    return { saved, replacedToken: null };
  }
  async setDefault(customerId: string, reference: string) {
    if (!(await this.find(customerId, reference))) return false;
    this.replaceAll(customerId, (method) => ({ ...method, isDefault: method.reference === reference }));
    return true;
  }
  async update(customerId: string, reference: string, change: { readonly invalid?: boolean; readonly details?: SavedMethodDetails }) {
    this.replaceAll(customerId, (method) => (method.reference === reference ? { ...method, invalid: change.invalid ?? method.invalid, details: change.details ?? method.details } : method));
  }
  async remove(customerId: string, reference: string) {
    const removed = await this.find(customerId, reference);
    if (!removed) return null;
    this.methods.splice(this.methods.indexOf(removed), 1);
    if (removed.isDefault) {
      const [newest] = savedMethodOrder(this.methods.filter((method) => method.customerId === customerId));
      if (newest) await this.setDefault(customerId, newest.reference);
    }
    return removed;
  }
  async recordUse(reference: string, orderNumber: string) {
    this.uses.push({ reference, orderNumber });
  }
  async inUse(customerId: string, reference: string) {
    return (await this.find(customerId, reference)) !== null && this.uses.some((use) => use.reference === reference && this.unsettledOrders.has(use.orderNumber));
  }

  private replaceAll(customerId: string, change: (method: SavedMethod) => SavedMethod) {
    for (let i = 0; i < this.methods.length; i++) if (this.methods[i].customerId === customerId) this.methods[i] = change(this.methods[i]);
  }
}

/** The card gateway's vault: customer records and their payment methods, and the calls that fail on demand. */
export class FakeCardGateway implements CardGatewayPort {
  /** token -> the method and its customer record, in the order saved. */
  readonly vault = new Map<string, { vaultCustomerId: string; listing: VaultListing }>();
  readonly clientTokens: { vaultCustomerId: string | null; currency: string }[] = [];
  unreachable = false;
  /** Tokens whose removal the gateway refuses. */
  readonly refusesRemoval = new Set<string>();

  private reach() {
    if (this.unreachable) throw new Error('the card gateway did not answer');
  }
  async clientToken(options: { readonly vaultCustomerId: string | null; readonly currency: string }) {
    this.reach();
    this.clientTokens.push({ ...options });
    return `client-token-${this.clientTokens.length}`;
  }
  async vaultedMethods(vaultCustomerId: string) {
    this.reach();
    const listed = [...this.vault.values()].filter((entry) => entry.vaultCustomerId === vaultCustomerId).map((entry) => entry.listing);
    return listed.length > 0 ? listed : null;
  }
  async makeDefault(token: string) {
    this.reach();
    const owner = this.vault.get(token);
    if (!owner) throw new Error('no such payment method');
    for (const [key, entry] of this.vault) {
      if (entry.vaultCustomerId === owner.vaultCustomerId) this.vault.set(key, { ...entry, listing: { ...entry.listing, isDefault: key === token } });
    }
  }
  async deletePaymentMethod(token: string) {
    this.reach();
    if (this.refusesRemoval.has(token)) throw new Error('the card gateway refused');
    const removed = this.vault.get(token);
    this.vault.delete(token);
    // The gateway promotes its oldest remaining method when the default goes.
    if (removed?.listing.isDefault) {
      const next = [...this.vault.entries()].find(([, entry]) => entry.vaultCustomerId === removed.vaultCustomerId);
      if (next) this.vault.set(next[0], { ...next[1], listing: { ...next[1].listing, isDefault: true } });
    }
  }
  /** Puts a method in the vault, as a sale or the vault flow would (the customer's first is the default). */
  put(vaultCustomerId: string, token: string, details: SavedMethodDetails, fingerprint: string | null = null) {
    const first = ![...this.vault.values()].some((entry) => entry.vaultCustomerId === vaultCustomerId);
    this.vault.set(token, { vaultCustomerId, listing: { token, isDefault: first, details, fingerprint } });
  }
}

/** A Visa card's details, valid until December 2030 unless told. */
export function cardDetails(overrides: Partial<Extract<SavedMethodDetails, { kind: 'card' }>> = {}): SavedMethodDetails {
  return { kind: 'card', cardType: 'Visa', bin: '411111', last4: '1111', expirationMonth: 12, expirationYear: 2030, ...overrides };
}

let references = 0;
/** A fresh reference in the store's format. */
export const aSavedMethodReference = () => `spm_${String(++references).padStart(32, '0')}`;

/** Saves a method for the customer in both the store and the gateway's vault; its reference is given back. */
export async function saveInBoth(
  saved: InMemorySavedMethods,
  gateway: FakeCardGateway,
  method: { customerId: string; token: string; details: SavedMethodDetails; fingerprint?: string | null; reference?: string },
): Promise<SavedMethod> {
  const vaultCustomerId = `vault-${method.customerId}`;
  gateway.put(vaultCustomerId, method.token, method.details, method.fingerprint ?? null);
  const reference = method.reference ?? aSavedMethodReference();
  return (await saved.save({ customerId: method.customerId, vaultCustomerId, token: method.token, details: method.details, fingerprint: method.fingerprint ?? null }, reference)).saved;
}
