import { ErrorCatalogue, isSavedBankAccountReference, type Customer, type StoreFeature } from '@store/domain';
import type { ChargeRequest, ChargeResult, PaymentPort } from '../orders/orders.ports';
import { PlaceOrder } from '../orders/place-order.use-case';
import { aBillingAddress, aCardGatewaySettings, aCheckoutWorld, aShopper, FakeCardGateway, FakePaymentPort, InMemorySavedBankAccounts, InMemorySavedCards, InMemorySavedPayPal } from '../testing';
import { GetCardCheckout } from './card-checkout.use-case';
import type { CardGatewaySettings, SavedBankAccount, VaultedBankAccount } from './card-gateway.ports';
import { ListSavedBankAccounts, RemoveSavedBankAccount } from './saved-bank-accounts.use-cases';

/**
 * The card gateway as these flows see it: it charges like the fake port, and a charge asked to
 * vault keeps the bank account it was told to (or, for an ACH account failing the network check,
 * refuses the charge with nothing kept, as the adapter does).
 */
class VaultingGateway implements PaymentPort {
  readonly inner = new FakePaymentPort(0);
  vaults: VaultedBankAccount | 'fails-network-check' | null = null;

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const vaults = this.vaults;
    if (request.vault && vaults === 'fails-network-check') {
      return { outcome: 'declined', code: ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.code, reason: 'Network check: processor_declined' };
    }
    const result = await this.inner.charge(request);
    if (result.outcome !== 'charged') return result;
    if (!request.vault || vaults === null || vaults === 'fails-network-check') return { ...result, settlesLater: true };
    return { ...result, settlesLater: true, vaulted: { vaultCustomerId: 'vault-customer-1', bankAccount: vaults } };
  }
  settle = (key: string) => this.inner.settle(key);
  chargesFor = (keys: readonly string[]) => this.inner.chargesFor(keys);
  unfinishedReversals = () => this.inner.unfinishedReversals();
  reverse = (charge: Parameters<PaymentPort['reverse']>[0]) => this.inner.reverse(charge);
}

const ACH: VaultedBankAccount = { token: 'usbank-token-1', kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' };
const SEPA: VaultedBankAccount = { token: 'sepa-token-1', kind: 'sepa', last4: '3000', mandateReference: 'MANDATE-1', bankName: null };

const settings: CardGatewaySettings = aCardGatewaySettings({ wallets: { applePay: false, googlePay: false, payPal: false }, bankDebits: { sepa: true, usBankAccount: true } });

async function aWorld() {
  const world = aCheckoutWorld();
  const gateway = new VaultingGateway();
  const saved = new InMemorySavedBankAccounts();
  const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: gateway }, world.keys, null, null, undefined, null, null, null, saved);
  const payPal = new InMemorySavedPayPal();
  const checkoutWith = (on: CardGatewaySettings) =>
    new GetCardCheckout(world.baskets, world.reader, world.paymentStates, new FakeCardGateway(), new InMemorySavedCards(payPal), payPal, on, world.clock, saved);

  /** A US shopper's dollar basket at the payment step, billed to Texas (ACH's country). */
  let baskets = 0;
  async function aUsShopper(customer?: Customer) {
    baskets += 1;
    const shopper = await world.aShopperAtPayment({ basket: { countryAccount: 'US', reference: `us-basket-${baskets}` }, ...(customer ? { customer } : {}) });
    await world.billing.save(shopper.customer.id, aBillingAddress({ country: 'US', state: 'TX', city: 'Austin', postalCode: '78701' }));
    await world.paymentStates.chooseGateway(shopper.basket.reference, shopper.basket.version, 'braintree');
    const basketStaleHash = await world.staleHashOf(shopper.basket, shopper.customer);
    return { ...shopper, command: { ...shopper.command, basketStaleHash, withdrawalConsent: false, paymentToken: 'ach-nonce', featuresOn: BOTH_DEBITS_ON } };
  }
  return { ...world, gateway, saved, placeOrder, checkoutWith, aUsShopper };
}

/** The store's switches for both bank debits, as a store offering them has them. */
const BOTH_DEBITS_ON: readonly StoreFeature[] = ['sepa', 'us-bank-account'];

describe('saved bank accounts', () => {
  it('keeps a bank account the gateway vaulted with the sale, under a fresh store reference, and lists it at the next checkout', async () => {
    const world = await aWorld();
    world.gateway.vaults = ACH;
    const first = await world.aUsShopper();
    const placed = await world.placeOrder.execute({ ...first.command, vaultPaymentMethod: true });
    expect(placed.ok).toBe(true);
    const [kept] = await world.saved.listFor(first.customer.id);
    expect(kept).toMatchObject({ ...ACH, customerId: first.customer.id, vaultCustomerId: 'vault-customer-1' });
    expect(isSavedBankAccountReference(kept.reference)).toBe(true);
    expect(kept.reference).not.toContain(ACH.token);

    const next = await world.aUsShopper(first.customer);
    const checkout = await world.checkoutWith(settings).execute(next.customer, next.basket.reference);
    expect(checkout.ok && checkout.value.savedBankAccounts).toEqual([kept]);
    // With the bank debits switched off, nothing is listed.
    const off = await world.checkoutWith({ ...settings, bankDebits: { sepa: false, usBankAccount: false } }).execute(next.customer, next.basket.reference);
    expect(off.ok && off.value.savedBankAccounts).toEqual([]);
  });

  it('pays a later order from the saved account by its vault token, with no nonce and nothing vaulted again', async () => {
    const world = await aWorld();
    world.gateway.vaults = ACH;
    const first = await world.aUsShopper();
    await world.placeOrder.execute({ ...first.command, vaultPaymentMethod: true });
    const [kept] = await world.saved.listFor(first.customer.id);

    const next = await world.aUsShopper(first.customer);
    const placed = await world.placeOrder.execute({ ...next.command, paymentToken: kept.reference, vaultPaymentMethod: true });
    expect(placed.ok).toBe(true);
    const charge = world.gateway.inner.charged.at(-1);
    expect(charge).toMatchObject({ paymentToken: null, vaultedToken: ACH.token, vault: false, currency: 'USD' });
    expect(await world.saved.listFor(first.customer.id)).toHaveLength(1);
  });

  it("refuses another customer's reference, an unknown one, and an account that does not fit the basket, reserving and charging nothing", async () => {
    const world = await aWorld();
    world.gateway.vaults = SEPA;
    const owner = await world.aUsShopper();
    await world.placeOrder.execute({ ...owner.command, vaultPaymentMethod: true });
    const [sepa] = await world.saved.listFor(owner.customer.id);
    const charges = world.gateway.inner.charged.length;

    const stranger = await world.aUsShopper();
    const theirs = await world.placeOrder.execute({ ...stranger.command, paymentToken: sepa.reference });
    expect(!theirs.ok && theirs.error).toMatchObject({ code: ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code, data: { order_number: null, charged: 'not-charged' } });
    const unknown = await world.placeOrder.execute({ ...stranger.command, paymentToken: `sba_${'0'.repeat(32)}` });
    expect(!unknown.ok && unknown.error.code).toBe(ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code);
    // The owner's own SEPA account cannot pay a dollar basket billed to the US.
    const next = await world.aUsShopper(owner.customer);
    const misfit = await world.placeOrder.execute({ ...next.command, paymentToken: sepa.reference });
    expect(!misfit.ok && misfit.error.code).toBe(ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code);
    expect(world.gateway.inner.charged).toHaveLength(charges);
    expect(await world.orders.findByBasket(next.basket.reference)).toBeNull();
  });

  it('refuses a saved account whose debit the store has switched off since, whatever the page sends', async () => {
    const world = await aWorld();
    world.gateway.vaults = ACH;
    const first = await world.aUsShopper();
    await world.placeOrder.execute({ ...first.command, vaultPaymentMethod: true });
    const [kept] = await world.saved.listFor(first.customer.id);
    const charges = world.gateway.inner.charged.length;
    const next = await world.aUsShopper(first.customer);
    const refused = await world.placeOrder.execute({ ...next.command, paymentToken: kept.reference, featuresOn: ['sepa'] });
    expect(!refused.ok && refused.error.code).toBe(ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code);
    expect(world.gateway.inner.charged).toHaveLength(charges);
    expect(await world.orders.findByBasket(next.basket.reference)).toBeNull();
  });

  it('a failed network check saves nothing and tells the shopper; the same order is then placed without saving', async () => {
    const world = await aWorld();
    world.gateway.vaults = 'fails-network-check';
    const shopper = await world.aUsShopper();
    const refused = await world.placeOrder.execute({ ...shopper.command, vaultPaymentMethod: true });
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.code, data: { charged: 'not-charged' } });
    expect(await world.saved.listFor(shopper.customer.id)).toEqual([]);

    const orderNumber = !refused.ok ? (refused.error.data?.order_number as string) : null;
    const paid = await world.placeOrder.execute({ ...shopper.command, paymentToken: 'ach-nonce-2', existingOrderNumber: orderNumber, vaultPaymentMethod: false });
    expect(paid.ok && paid.value.order.number).toBe(orderNumber);
    expect(await world.saved.listFor(shopper.customer.id)).toEqual([]);
  });
});

describe('removing a saved bank account', () => {
  const anAccount = (customerId: string, reference: string, token: string): SavedBankAccount => ({ ...ACH, token, customerId, reference, vaultCustomerId: 'vault-1' });

  it("takes the owner's account out of the vault first, then the store; another customer's stays", async () => {
    const saved = new InMemorySavedBankAccounts();
    const vault = new FakeCardGateway();
    const deleted: string[] = [];
    vault.deletePaymentMethod = async (token: string) => void deleted.push(token);
    const owner = aShopper();
    const other = aShopper();
    await saved.save(anAccount(owner.id, `sba_${'1'.repeat(32)}`, 'token-1'));
    await saved.save(anAccount(other.id, `sba_${'2'.repeat(32)}`, 'token-2'));
    const remove = new RemoveSavedBankAccount(saved, vault);

    expect(await remove.execute(owner, `sba_${'2'.repeat(32)}`)).toEqual({ ok: true, value: false });
    expect(deleted).toEqual([]);
    expect(await remove.execute(owner, `sba_${'1'.repeat(32)}`)).toEqual({ ok: true, value: true });
    expect(deleted).toEqual(['token-1']);
    expect(await new ListSavedBankAccounts(saved).execute(owner)).toEqual([]);
    expect(await new ListSavedBankAccounts(saved).execute(other)).toHaveLength(1);
  });

  it('keeps the account when the gateway cannot remove it now, and says so', async () => {
    const saved = new InMemorySavedBankAccounts();
    const vault = new FakeCardGateway();
    vault.unreachable = true;
    const owner = aShopper();
    await saved.save(anAccount(owner.id, `sba_${'3'.repeat(32)}`, 'token-3'));
    const answer = await new RemoveSavedBankAccount(saved, vault).execute(owner, `sba_${'3'.repeat(32)}`);
    expect(!answer.ok && answer.error.errorName).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(await saved.listFor(owner.id)).toHaveLength(1);
  });
});
