import { ErrorCatalogue, SAVED_VENMO_TOKEN, type Customer, type StoreFeature } from '@store/domain';
import type { ChargeRequest, ChargeResult, PaymentPort } from '../orders/orders.ports';
import { PlaceOrder } from '../orders/place-order.use-case';
import { aBillingAddress, aCardGatewaySettings, aCheckoutWorld, aShopper, FakeCardGateway, FakePaymentPort, InMemorySavedCards, InMemorySavedPayPal, InMemorySavedVenmo } from '../testing';
import { GetCardCheckout } from './card-checkout.use-case';
import type { CardGatewaySettings, VaultedVenmoAccount } from './card-gateway.ports';
import { GetSavedVenmoAccount, RemoveSavedVenmoAccount } from './saved-venmo.use-cases';

const VENMO: VaultedVenmoAccount = { token: 'venmo-token-1', username: '@venmojoe' };
const MULTI_USE_NONCE = 'venmo-multi-use-nonce';

/**
 * The card gateway as these flows see it: it charges like the fake port; a sale asked to vault a
 * multi-use Venmo nonce keeps the account (a single-use one pays, unsaved, as the provider does),
 * and a vault token it no longer has is refused as the adapter reads 91518 (SAVED_CARD_INVALID).
 */
class VenmoGateway implements PaymentPort {
  readonly inner = new FakePaymentPort(0);
  readonly vault = new FakeCardGateway();

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.vaultedToken && !this.vault.venmoAccounts.has(request.vaultedToken)) {
      return { outcome: 'declined', code: ErrorCatalogue.SAVED_CARD_INVALID.code, reason: 'Payment method token is invalid. (91518)' };
    }
    const result = await this.inner.charge(request);
    if (result.outcome !== 'charged' || !request.vault || request.paymentToken !== MULTI_USE_NONCE) return result;
    this.vault.venmoAccounts.set(VENMO.token, VENMO);
    return { ...result, vaulted: { vaultCustomerId: request.payer?.vaultCustomerId ?? 'vault-customer-1', venmoAccount: VENMO } };
  }
  settle = (key: string) => this.inner.settle(key);
  chargesFor = (keys: readonly string[]) => this.inner.chargesFor(keys);
  unfinishedReversals = () => this.inner.unfinishedReversals();
  reverse = (charge: Parameters<PaymentPort['reverse']>[0]) => this.inner.reverse(charge);
}

const VENMO_ON: readonly StoreFeature[] = ['venmo'];
const settings: CardGatewaySettings = aCardGatewaySettings({ venmo: true });

function aWorld() {
  const world = aCheckoutWorld();
  const gateway = new VenmoGateway();
  const saved = new InMemorySavedVenmo();
  const payPal = new InMemorySavedPayPal();
  const cards = new InMemorySavedCards(payPal);
  const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: gateway }, world.keys, cards, payPal, undefined, null, null, null, null, saved);
  const checkoutWith = (on: CardGatewaySettings) =>
    new GetCardCheckout(world.baskets, world.reader, world.paymentStates, gateway.vault, cards, payPal, on, world.clock, null, saved);

  /** A US shopper's dollar basket at the payment step, billed to Texas (Venmo's country). */
  let baskets = 0;
  async function aUsShopper(customer?: Customer) {
    baskets += 1;
    const shopper = await world.aShopperAtPayment({ basket: { countryAccount: 'US', reference: `us-basket-${baskets}` }, ...(customer ? { customer } : {}) });
    await world.billing.save(shopper.customer.id, aBillingAddress({ country: 'US', state: 'TX', city: 'Austin', postalCode: '78701' }));
    await world.paymentStates.chooseGateway(shopper.basket.reference, shopper.basket.version, 'braintree');
    const basketStaleHash = await world.staleHashOf(shopper.basket, shopper.customer);
    return { ...shopper, command: { ...shopper.command, basketStaleHash, withdrawalConsent: false, paymentToken: MULTI_USE_NONCE, featuresOn: VENMO_ON } };
  }
  /** A first order paid with Venmo and 'Save Venmo for next time' ticked. */
  async function aSaver() {
    const first = await aUsShopper();
    const placed = await placeOrder.execute({ ...first.command, vaultPaymentMethod: true });
    expect(placed.ok).toBe(true);
    return first.customer;
  }
  return { ...world, gateway, saved, placeOrder, checkoutWith, aUsShopper, aSaver };
}

describe('saving a Venmo account', () => {
  it('keeps the account the gateway vaulted with the sale, and the next checkout offers it while Venmo is on', async () => {
    const world = aWorld();
    const customer = await world.aSaver();
    expect(await world.saved.find(customer.id)).toEqual({ ...VENMO, customerId: customer.id, vaultCustomerId: 'vault-customer-1', lastResponseCode: null });

    const next = await world.aUsShopper(customer);
    const checkout = await world.checkoutWith(settings).execute(next.customer, next.basket.reference);
    expect(checkout.ok && checkout.value.savedVenmoAccount).toMatchObject({ token: VENMO.token, username: '@venmojoe' });
    // The client token reaches the shopper's vault record through the Venmo account.
    expect(world.gateway.vault.clientTokens.at(-1)).toEqual({ vaultCustomerId: 'vault-customer-1', currency: 'USD' });
    const off = await world.checkoutWith({ ...settings, venmo: false }).execute(next.customer, next.basket.reference);
    expect(off.ok && (off.value.savedVenmoAccount ?? null)).toBeNull();
  });

  it('saves nothing when the shopper did not ask, nor from a nonce the gateway would not vault', async () => {
    const world = aWorld();
    const unticked = await world.aUsShopper();
    expect((await world.placeOrder.execute({ ...unticked.command, vaultPaymentMethod: false })).ok).toBe(true);
    expect(await world.saved.find(unticked.customer.id)).toBeNull();
    const singleUse = await world.aUsShopper();
    expect((await world.placeOrder.execute({ ...singleUse.command, paymentToken: 'venmo-single-use-nonce', vaultPaymentMethod: true })).ok).toBe(true);
    expect(await world.saved.find(singleUse.customer.id)).toBeNull();
  });

  it('pays a later order with the stored vault token, never a token from the page, and vaults nothing again', async () => {
    const world = aWorld();
    const customer = await world.aSaver();
    const next = await world.aUsShopper(customer);
    const placed = await world.placeOrder.execute({ ...next.command, paymentToken: SAVED_VENMO_TOKEN, vaultPaymentMethod: true });
    expect(placed.ok && placed.value.order.status).toBe('paid');
    expect(world.gateway.inner.charged.at(-1)).toMatchObject({ paymentToken: null, vaultedToken: VENMO.token, vault: false, currency: 'USD' });
  });

  it('refuses the word without a saved account, or for a basket Venmo does not pay, reserving and charging nothing', async () => {
    const world = aWorld();
    const customer = await world.aSaver();
    const charges = world.gateway.inner.charged.length;

    const stranger = await world.aUsShopper();
    const none = await world.placeOrder.execute({ ...stranger.command, paymentToken: SAVED_VENMO_TOKEN });
    expect(!none.ok && none.error).toMatchObject({ code: ErrorCatalogue.SAVED_VENMO_INVALID.code, data: { order_number: null, charged: 'not-charged' } });
    // Venmo switched off since the page was drawn.
    const next = await world.aUsShopper(customer);
    const off = await world.placeOrder.execute({ ...next.command, paymentToken: SAVED_VENMO_TOKEN, featuresOn: ['paypal'] });
    expect(!off.ok && off.error.code).toBe(ErrorCatalogue.SAVED_VENMO_INVALID.code);
    // Billed outside the US.
    await world.billing.save(customer.id, aBillingAddress({ country: 'GB' }));
    const abroad = await world.placeOrder.execute({ ...next.command, paymentToken: SAVED_VENMO_TOKEN });
    expect(abroad.ok).toBe(false);
    expect(world.gateway.inner.charged).toHaveLength(charges);
    expect(await world.orders.findByBasket(next.basket.reference)).toBeNull();
  });

  it('an account the gateway no longer has is refused as SAVED_VENMO_INVALID, marked, and not offered or charged again', async () => {
    const world = aWorld();
    const customer = await world.aSaver();
    // The payer disconnected the store in their Venmo app: the vault no longer has the account.
    world.gateway.vault.venmoAccounts.delete(VENMO.token);
    const next = await world.aUsShopper(customer);
    const refused = await world.placeOrder.execute({ ...next.command, paymentToken: SAVED_VENMO_TOKEN });
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCatalogue.SAVED_VENMO_INVALID.code, data: { charged: 'not-charged' } });
    expect(await new GetSavedVenmoAccount(world.saved).execute(customer)).toMatchObject({ unusable: true });
    const checkout = await world.checkoutWith(settings).execute(next.customer, next.basket.reference);
    expect(checkout.ok && checkout.value.savedVenmoAccount).toBeNull();
    const charges = world.gateway.inner.charged.length;
    const again = await world.placeOrder.execute({ ...next.command, paymentToken: SAVED_VENMO_TOKEN, existingOrderNumber: !refused.ok ? (refused.error.data?.order_number as string) : null });
    expect(!again.ok && again.error.code).toBe(ErrorCatalogue.SAVED_VENMO_INVALID.code);
    expect(world.gateway.inner.charged).toHaveLength(charges);
  });

  it('the checkout marks an account gone from the vault without paying, and offers it no more', async () => {
    const world = aWorld();
    const customer = await world.aSaver();
    world.gateway.vault.venmoAccounts.clear();
    const next = await world.aUsShopper(customer);
    const checkout = await world.checkoutWith(settings).execute(next.customer, next.basket.reference);
    expect(checkout.ok && checkout.value.savedVenmoAccount).toBeNull();
    expect((await world.saved.find(customer.id))?.lastResponseCode).toBe(ErrorCatalogue.SAVED_VENMO_INVALID.code);
  });
});

describe('removing the saved Venmo account', () => {
  it('takes it out of the vault first, then the store', async () => {
    const saved = new InMemorySavedVenmo();
    const vault = new FakeCardGateway();
    vault.venmoAccounts.set(VENMO.token, VENMO);
    const owner = aShopper();
    await saved.save({ ...VENMO, customerId: owner.id, vaultCustomerId: 'vault-1' });
    const remove = new RemoveSavedVenmoAccount(saved, vault);
    expect(await remove.execute(aShopper())).toEqual({ ok: true, value: false });
    expect(vault.venmoAccounts.size).toBe(1);
    expect(await remove.execute(owner)).toEqual({ ok: true, value: true });
    expect(vault.venmoAccounts.size).toBe(0);
    expect(await new GetSavedVenmoAccount(saved).execute(owner)).toBeNull();
  });

  it('keeps the account when the gateway cannot remove it now, and says so', async () => {
    const saved = new InMemorySavedVenmo();
    const vault = new FakeCardGateway();
    vault.unreachable = true;
    const owner = aShopper();
    await saved.save({ ...VENMO, customerId: owner.id, vaultCustomerId: 'vault-1' });
    const answer = await new RemoveSavedVenmoAccount(saved, vault).execute(owner);
    expect(!answer.ok && answer.error.errorName).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(await saved.find(owner.id)).not.toBeNull();
  });
});
