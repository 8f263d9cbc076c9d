import { ErrorCatalogue } from '@store/domain';
import { aCustomer } from '@store/domain/testing';
import { aCardGatewaySettings, cardDetails, CountingKeyMaterial, FakeCardGateway, InMemorySavedMethods, saveInBoth } from '../testing';
import { KeepVaultedMethod } from './saved-methods.use-cases';
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
    const vaultCustomerId = payer.vaultCustomerId ?? `vault-made-${this.made}`;
    this.put(vaultCustomerId, account.token, { kind: 'paypal', email });
    return { vaultCustomerId, account };
  }
}

function setUp(options: { payPal?: boolean } = {}) {
  const saved = new InMemorySavedMethods();
  const gateway = new VaultingGateway();
  const on = { ...settings, wallets: { ...settings.wallets, payPal: options.payPal ?? true } };
  const keep = new KeepVaultedMethod(saved, gateway, new CountingKeyMaterial());
  return { saved, gateway, customer: aCustomer(), save: new SavePayPalAccount(saved, keep, gateway, on), start: new StartPayPalVault(gateway, on) };
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
  it("vaults the approved account under a new record and adds it to the customer's saved methods", async () => {
    const { save, gateway, saved, customer } = setUp();
    gateway.nonces.set('nonce-1', 'payer@example.com');
    const answer = await save.execute(customer, 'nonce-1');
    expect(answer).toMatchObject({ ok: true, value: { token: 'paypal-1', details: { kind: 'paypal', email: 'payer@example.com' }, vaultCustomerId: 'vault-made-1', isDefault: true } });
    expect(await saved.listFor(customer.id)).toHaveLength(1);
    expect(gateway.vaultedFor).toEqual([null]);
  });

  it("uses the vault record the customer's saved card made, so one payer has one record", async () => {
    const { save, gateway, saved, customer } = setUp();
    await saveInBoth(saved, gateway, { customerId: customer.id, token: 'card-a', details: cardDetails() });
    gateway.nonces.set('nonce-1', 'payer@example.com');
    await save.execute(customer, 'nonce-1');
    expect(gateway.vaultedFor).toEqual([`vault-${customer.id}`]);
  });

  it('adds a second account beside the first; the same account approved again updates its entry, and its old copy leaves the vault', async () => {
    const { save, gateway, saved, customer } = setUp();
    gateway.nonces.set('nonce-1', 'payer@example.com');
    gateway.nonces.set('nonce-2', 'other@example.com');
    gateway.nonces.set('nonce-3', 'payer@example.com');
    await save.execute(customer, 'nonce-1');
    await save.execute(customer, 'nonce-2');
    expect((await saved.listFor(customer.id)).map((method) => method.token)).toEqual(['paypal-1', 'paypal-2']);
    await save.execute(customer, 'nonce-3');
    const listed = await saved.listFor(customer.id);
    expect(listed.map((method) => method.token)).toEqual(['paypal-3', 'paypal-2']);
    expect(listed[0].isDefault).toBe(true);
    expect(gateway.vault.has('paypal-1')).toBe(false);
    expect(gateway.vault.get('paypal-3')?.listing.isDefault).toBe(true);
  });

  it('saves nothing for a nonce the gateway refuses (unknown, or used already) or when it does not answer', async () => {
    const { save, gateway, saved, customer } = setUp();
    gateway.nonces.set('nonce-1', 'payer@example.com');
    await save.execute(customer, 'nonce-1');
    saved.methods.length = 0;
    expect(await save.execute(customer, 'nonce-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    expect(await save.execute(customer, 'made-up')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    gateway.nonces.set('nonce-3', 'payer@example.com');
    gateway.unreachable = true;
    expect(await save.execute(customer, 'nonce-3')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.PAYPAL_VAULT_FAILED.code } });
    expect(await saved.listFor(customer.id)).toEqual([]);
  });

  it('answers not found when PayPal is off, touching nothing', async () => {
    const { save, gateway, customer } = setUp({ payPal: false });
    gateway.nonces.set('nonce-1', 'payer@example.com');
    expect(await save.execute(customer, 'nonce-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.NOT_FOUND.code } });
    expect(gateway.nonces.has('nonce-1')).toBe(true);
  });
});
