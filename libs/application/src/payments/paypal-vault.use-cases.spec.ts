import { ErrorCatalogue } from '@store/domain';
import { aCustomer } from '@store/domain/testing';
import { aCardGatewaySettings, aSavedCard, aSavedPayPalAccount, FakeCardGateway, InMemorySavedCards, InMemorySavedPayPal, saveCardInBoth } from '../testing';
import type { CardGatewaySettings } from './card-gateway.ports';
import { SavePayPalAccount, StartPayPalVault, type PayPalVaultPort } from './paypal-vault.use-cases';

const settings: CardGatewaySettings = aCardGatewaySettings({ wallets: { applePay: false, googlePay: false, payPal: true } });

/** The gateway's vault with PayPal: a nonce it issued becomes an account under the payer's record, once. */
class VaultingGateway extends FakeCardGateway implements PayPalVaultPort {
  readonly nonces = new Map<string, string>();
  readonly vaultedFor: (string | null)[] = [];
  private made = 0;
  async vaultPayPalAccount(nonce: string, payer: { readonly vaultCustomerId: string | null; readonly email: string }) {
    if (this.unreachable) throw new Error('the card gateway did not answer');
    const email = this.nonces.get(nonce);
    if (!email) return null;
    this.nonces.delete(nonce);
    this.vaultedFor.push(payer.vaultCustomerId);
    const account = { token: `paypal-${++this.made}`, email };
    this.payPalAccounts.set(account.token, account);
    return { vaultCustomerId: payer.vaultCustomerId ?? `vault-made-${this.made}`, account };
  }
}

function setUp(options: { payPal?: boolean } = {}) {
  const payPal = new InMemorySavedPayPal();
  const cards = new InMemorySavedCards(payPal);
  const gateway = new VaultingGateway();
  const on = { ...settings, wallets: { ...settings.wallets, payPal: options.payPal ?? true } };
  return { payPal, cards, gateway, customer: aCustomer(), save: new SavePayPalAccount(cards, payPal, gateway, on), start: new StartPayPalVault(gateway, on) };
}

describe('StartPayPalVault', () => {
  it('gives a client token naming no vault customer, so only the store vaults the account', async () => {
    const { start, gateway } = setUp();
    const started = await start.execute();
    expect(started).toEqual({ ok: true, value: { clientToken: 'client-token-1', environment: 'sandbox' } });
    expect(gateway.clientTokens).toEqual([{ vaultCustomerId: null, currency: '' }]);
  });

  it('answers not found when PayPal is off or no gateway vaults it, and PAYMENT_METHODS_UNAVAILABLE when the gateway does not answer', async () => {
    const off = setUp({ payPal: false });
    const notFound = { ok: false, error: { code: ErrorCatalogue.NOT_FOUND.code, message: 'Saving a PayPal account is not offered in this store.' } };
    expect(await off.start.execute()).toMatchObject(notFound);
    expect(await new StartPayPalVault(null, settings).execute()).toMatchObject(notFound);
    // A gateway adapter without the vault cannot save, so the page is not offered it.
    expect(await new StartPayPalVault(new FakeCardGateway(), settings).execute()).toMatchObject(notFound);
    const down = setUp();
    down.gateway.unreachable = true;
    expect(await down.start.execute()).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code } });
  });

  it('says whether it is offered without asking the gateway for anything, so the account page can leave the button out', async () => {
    const on = setUp();
    expect(on.start.offered).toBe(true);
    expect(setUp({ payPal: false }).start.offered).toBe(false);
    expect(new StartPayPalVault(null, settings).offered).toBe(false);
    expect(new StartPayPalVault(new FakeCardGateway(), settings).offered).toBe(false);
    expect(on.gateway.clientTokens).toEqual([]);
  });
});

describe('SavePayPalAccount', () => {
  it("vaults the approved account under a new record and keeps it as the customer's saved PayPal account", async () => {
    const { save, gateway, payPal, customer } = setUp();
    gateway.nonces.set('nonce-1', 'payer@example.com');
    const saved = await save.execute(customer, 'nonce-1');
    expect(saved).toMatchObject({ ok: true, value: { token: 'paypal-1', email: 'payer@example.com', vaultCustomerId: 'vault-made-1' } });
    expect(await payPal.find(customer.id)).toMatchObject({ token: 'paypal-1', vaultCustomerId: 'vault-made-1', lastResponseCode: null });
    expect(gateway.vaultedFor).toEqual([null]);
  });

  it("uses the saved card's vault record, so one payer has one record", async () => {
    const { save, gateway, cards, customer } = setUp();
    await saveCardInBoth(cards, gateway, aSavedCard(customer.id));
    gateway.nonces.set('nonce-1', 'payer@example.com');
    await save.execute(customer, 'nonce-1');
    expect(gateway.vaultedFor).toEqual([`vault-${customer.id}`]);
  });

  it('replaces the account saved before, which leaves the vault only after the new one is kept', async () => {
    const { save, gateway, payPal, customer } = setUp();
    const before = aSavedPayPalAccount(customer.id);
    await payPal.save(before);
    gateway.payPalAccounts.set(before.token, { token: before.token, email: before.email });
    gateway.nonces.set('nonce-2', 'other@example.com');
    await save.execute(customer, 'nonce-2');
    expect(await payPal.find(customer.id)).toMatchObject({ token: 'paypal-1', email: 'other@example.com', vaultCustomerId: before.vaultCustomerId });
    expect(gateway.payPalAccounts.has(before.token)).toBe(false);
    expect(gateway.payPalAccounts.has('paypal-1')).toBe(true);
  });

  it('saves nothing for a nonce the gateway refuses (unknown, or used already) or when it does not answer', async () => {
    const { save, gateway, payPal, customer } = setUp();
    gateway.nonces.set('nonce-1', 'payer@example.com');
    await save.execute(customer, 'nonce-1');
    await payPal.remove(customer.id);
    expect(await save.execute(customer, 'nonce-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    expect(await save.execute(customer, 'made-up')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    gateway.nonces.set('nonce-3', 'payer@example.com');
    gateway.unreachable = true;
    expect(await save.execute(customer, 'nonce-3')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    expect(await payPal.find(customer.id)).toBeNull();
  });

  it('answers not found when PayPal is off, touching nothing', async () => {
    const { save, gateway, customer } = setUp({ payPal: false });
    gateway.nonces.set('nonce-1', 'payer@example.com');
    expect(await save.execute(customer, 'nonce-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.NOT_FOUND.code } });
    expect(gateway.nonces.has('nonce-1')).toBe(true);
  });
});
