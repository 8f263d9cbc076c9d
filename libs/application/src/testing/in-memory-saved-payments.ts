import type {
  CardGatewayPort,
  SavedCard,
  SavedCardRepository,
  SavedPayPalAccount,
  SavedPayPalRepository,
  SavedVenmoAccount,
  SavedVenmoRepository,
  VaultedCard,
  VaultedPayPalAccount,
  VaultedVenmoAccount,
} from '../payments/card-gateway.ports';

/** The one saved method of each customer (a new one replaces the old), as its table keeps it. */
abstract class OnePerCustomer<T extends { readonly customerId: string; readonly token: string; readonly lastResponseCode: number | null }> {
  readonly saved = new Map<string, T>();

  async find(customerId: string) {
    return this.saved.get(customerId) ?? null;
  }
  async save(method: Omit<T, 'lastResponseCode'>) {
    this.saved.set(method.customerId, { ...method, lastResponseCode: null } as T);
  }
  async remove(customerId: string) {
    const saved = this.saved.get(customerId) ?? null;
    this.saved.delete(customerId);
    return saved;
  }
  /** Changes only the method with this token: a newer one saved since is left alone. */
  protected change(customerId: string, token: string, changed: (saved: T) => T) {
    const saved = this.saved.get(customerId);
    if (saved?.token === token) this.saved.set(customerId, changed(saved));
  }
}

/** Saved cards; the payer's vault record is the card's, else their PayPal account's. */
export class InMemorySavedCards extends OnePerCustomer<SavedCard> implements SavedCardRepository {
  constructor(private readonly payPal?: InMemorySavedPayPal) {
    super();
  }

  async findWithVaultCustomer(customerId: string) {
    const card = this.saved.get(customerId) ?? null;
    return { card, vaultCustomerId: card?.vaultCustomerId ?? this.payPal?.saved.get(customerId)?.vaultCustomerId ?? null };
  }
  async update(customerId: string, token: string, change: { readonly card?: VaultedCard; readonly lastResponseCode?: number | null }) {
    this.change(customerId, token, (saved) => ({
      ...saved,
      expirationMonth: change.card?.expirationMonth ?? saved.expirationMonth,
      expirationYear: change.card?.expirationYear ?? saved.expirationYear,
      lastResponseCode: change.lastResponseCode === undefined ? saved.lastResponseCode : change.lastResponseCode,
    }));
  }
}

export class InMemorySavedPayPal extends OnePerCustomer<SavedPayPalAccount> implements SavedPayPalRepository {
  async update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }) {
    this.change(customerId, token, (saved) => ({ ...saved, lastResponseCode: change.lastResponseCode }));
  }
}

export class InMemorySavedVenmo extends OnePerCustomer<SavedVenmoAccount> implements SavedVenmoRepository {
  async update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }) {
    this.change(customerId, token, (saved) => ({ ...saved, lastResponseCode: change.lastResponseCode }));
  }
}

/**
 * The card gateway's vault: what it holds now (a card may be updated or gone there), the client
 * tokens it issued, and a switch for when it cannot be reached.
 */
export class FakeCardGateway implements CardGatewayPort {
  readonly cards = new Map<string, VaultedCard>();
  readonly payPalAccounts = new Map<string, VaultedPayPalAccount>();
  readonly venmoAccounts = new Map<string, VaultedVenmoAccount>();
  readonly clientTokens: { vaultCustomerId: string | null; currency: string }[] = [];
  unreachable = false;

  private reach() {
    if (this.unreachable) throw new Error('the card gateway did not answer');
  }
  async clientToken(options: { readonly vaultCustomerId: string | null; readonly currency: string }) {
    this.reach();
    this.clientTokens.push({ ...options });
    return `client-token-${this.clientTokens.length}`;
  }
  async findCard(token: string) {
    this.reach();
    return this.cards.get(token) ?? null;
  }
  async findPayPalAccount(token: string) {
    this.reach();
    return this.payPalAccounts.get(token) ?? null;
  }
  async findVenmoAccount(token: string) {
    this.reach();
    return this.venmoAccounts.get(token) ?? null;
  }
  async deletePaymentMethod(token: string) {
    this.reach();
    this.cards.delete(token);
    this.payPalAccounts.delete(token);
    this.venmoAccounts.delete(token);
  }
}

/** A card in the vault and its saved record for `customerId`, valid until December 2030 unless told. */
export function aSavedCard(customerId: string, overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    customerId,
    vaultCustomerId: `vault-${customerId}`,
    token: `card-of-${customerId}`,
    bin: '411111',
    last4: '1111',
    cardType: 'Visa',
    expirationMonth: 12,
    expirationYear: 2030,
    lastResponseCode: null,
    ...overrides,
  };
}

export function aSavedPayPalAccount(customerId: string, overrides: Partial<SavedPayPalAccount> = {}): SavedPayPalAccount {
  return { customerId, vaultCustomerId: `vault-${customerId}`, token: `paypal-of-${customerId}`, email: 'payer@example.com', lastResponseCode: null, ...overrides };
}

/** Puts a saved card in both the store and the gateway's vault. */
export async function saveCardInBoth(cards: InMemorySavedCards, gateway: FakeCardGateway, card: SavedCard): Promise<void> {
  await cards.save(card);
  if (card.lastResponseCode !== null) await cards.update(card.customerId, card.token, { lastResponseCode: card.lastResponseCode });
  const { token, bin, last4, cardType, expirationMonth, expirationYear } = card;
  gateway.cards.set(token, { token, bin, last4, cardType, expirationMonth, expirationYear });
}
