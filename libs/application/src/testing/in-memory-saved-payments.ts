import type { CardGatewayPort, SavedCard, SavedCardRepository, SavedPayPalAccount, SavedPayPalRepository, VaultedCard, VaultedPayPalAccount } from '../payments/card-gateway.ports';

/** One saved card per customer, as saved_cards keeps it: a new one replaces the old, updates touch only the card named. */
export class InMemorySavedCards implements SavedCardRepository {
  readonly cards = new Map<string, SavedCard>();

  constructor(private readonly payPal?: InMemorySavedPayPal) {}

  async find(customerId: string) {
    return this.cards.get(customerId) ?? null;
  }
  async findWithVaultCustomer(customerId: string) {
    const card = this.cards.get(customerId) ?? null;
    return { card, vaultCustomerId: card?.vaultCustomerId ?? this.payPal?.accounts.get(customerId)?.vaultCustomerId ?? null };
  }
  async save(card: Omit<SavedCard, 'lastResponseCode'>) {
    this.cards.set(card.customerId, { ...card, lastResponseCode: null });
  }
  async update(customerId: string, token: string, change: { readonly card?: VaultedCard; readonly lastResponseCode?: number | null }) {
    const saved = this.cards.get(customerId);
    if (!saved || saved.token !== token) return;
    this.cards.set(customerId, {
      ...saved,
      expirationMonth: change.card?.expirationMonth ?? saved.expirationMonth,
      expirationYear: change.card?.expirationYear ?? saved.expirationYear,
      lastResponseCode: change.lastResponseCode === undefined ? saved.lastResponseCode : change.lastResponseCode,
    });
  }
  async remove(customerId: string) {
    const saved = this.cards.get(customerId) ?? null;
    this.cards.delete(customerId);
    return saved;
  }
}

/** One saved PayPal account per customer, like the card. */
export class InMemorySavedPayPal implements SavedPayPalRepository {
  readonly accounts = new Map<string, SavedPayPalAccount>();

  async find(customerId: string) {
    return this.accounts.get(customerId) ?? null;
  }
  async save(account: Omit<SavedPayPalAccount, 'lastResponseCode'>) {
    this.accounts.set(account.customerId, { ...account, lastResponseCode: null });
  }
  async update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }) {
    const saved = this.accounts.get(customerId);
    if (saved?.token === token) this.accounts.set(customerId, { ...saved, lastResponseCode: change.lastResponseCode });
  }
  async remove(customerId: string) {
    const saved = this.accounts.get(customerId) ?? null;
    this.accounts.delete(customerId);
    return saved;
  }
}

/**
 * The card gateway's vault: what it holds now (a card may be updated or gone there), the client
 * tokens it issued, and a switch for when it cannot be reached.
 */
export class FakeCardGateway implements CardGatewayPort {
  readonly cards = new Map<string, VaultedCard>();
  readonly payPalAccounts = new Map<string, VaultedPayPalAccount>();
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
  async deletePaymentMethod(token: string) {
    this.reach();
    this.cards.delete(token);
    this.payPalAccounts.delete(token);
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
