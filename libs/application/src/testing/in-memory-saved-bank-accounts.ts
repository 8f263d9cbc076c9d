import type { SavedBankAccount, SavedBankAccountRepository } from '../payments/card-gateway.ports';

/** Saved bank accounts as their table keeps them: one per vault token, newest first, found only by their owner. */
export class InMemorySavedBankAccounts implements SavedBankAccountRepository {
  readonly saved: SavedBankAccount[] = [];

  async listFor(customerId: string) {
    return this.saved.filter((account) => account.customerId === customerId);
  }
  async find(customerId: string, reference: string) {
    return this.saved.find((account) => account.customerId === customerId && account.reference === reference) ?? null;
  }
  async save(account: SavedBankAccount) {
    if (this.saved.some((kept) => kept.token === account.token)) return;
    this.saved.unshift(account);
  }
  async remove(customerId: string, reference: string) {
    const index = this.saved.findIndex((account) => account.customerId === customerId && account.reference === reference);
    return index < 0 ? null : this.saved.splice(index, 1)[0];
  }
}
