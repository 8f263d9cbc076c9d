import { ErrorCatalogue, isSavedMethodReference, type Customer, type SavedMethodDetails, type StoreFeature } from '@store/domain';
import type { ChargeRequest, ChargeResult, PaymentPort, VaultedMethodOfCharge } from '../orders/orders.ports';
import { PlaceOrder } from '../orders/place-order.use-case';
import { aBillingAddress, aCardGatewaySettings, aCheckoutWorld, cardDetails, FakeCardGateway, FakePaymentPort, InMemorySavedMethods, saveInBoth } from '../testing';
import { GetCardCheckout } from './card-checkout.use-case';
import type { CardGatewaySettings } from './card-gateway.ports';
import { GetCustomerPayment, KeepVaultedMethod, ListSavedMethods, MakeSavedMethodDefault, RemoveSavedMethod } from './saved-methods.use-cases';

/**
 * The card gateway as the order sees it: it charges like the fake port, answers a saved method's
 * token it no longer holds as the adapter does (310006), and a charge asked to vault keeps what it
 * is told to, in the fake vault too.
 */
class VaultingGateway implements PaymentPort {
  readonly inner = new FakePaymentPort(0);
  vaults: VaultedMethodOfCharge | null = null;
  constructor(private readonly vault: FakeCardGateway) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.vaultedToken && !this.vault.vault.has(request.vaultedToken)) {
      return { outcome: 'declined', code: ErrorCatalogue.SAVED_CARD_INVALID.code, reason: 'Payment method token is invalid.' };
    }
    const result = await this.inner.charge(request);
    if (result.outcome !== 'charged' || !request.vault || !this.vaults) return result;
    const vaultCustomerId = request.payer?.vaultCustomerId ?? 'vault-new';
    const kept = this.vaults;
    if ('card' in kept) {
      const { token, fingerprint, ...card } = kept.card;
      this.vault.put(vaultCustomerId, token, { kind: 'card', ...card }, fingerprint ?? null);
    }
    if ('paypalAccount' in kept) this.vault.put(vaultCustomerId, kept.paypalAccount.token, { kind: 'paypal', email: kept.paypalAccount.email });
    return { ...result, vaulted: { vaultCustomerId, ...kept } };
  }
  settle = (key: string) => this.inner.settle(key);
  chargesFor = (keys: readonly string[]) => this.inner.chargesFor(keys);
  unfinishedReversals = () => this.inner.unfinishedReversals();
  reverse = (charge: Parameters<PaymentPort['reverse']>[0]) => this.inner.reverse(charge);
}

const settings: CardGatewaySettings = aCardGatewaySettings({ bankDebits: { sepa: true, usBankAccount: true }, venmo: true });
const FEATURES: readonly StoreFeature[] = ['paypal', 'venmo', 'sepa', 'us-bank-account'];
const SEPA: SavedMethodDetails = { kind: 'sepa', last4: '3000', mandateReference: 'MANDATE-1', bankName: null };
const ACH: SavedMethodDetails = { kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' };
const PAYPAL: SavedMethodDetails = { kind: 'paypal', email: 'payer@example.com' };

function aWorld(options: { readonly savedCardCvvRequired?: boolean } = {}) {
  const world = aCheckoutWorld();
  const vault = new FakeCardGateway();
  const saved = new InMemorySavedMethods();
  const gateway = new VaultingGateway(vault);
  const list = new ListSavedMethods(saved, vault, world.clock, world.keys);
  const keep = new KeepVaultedMethod(saved, vault, world.keys);
  const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: gateway }, world.keys, {
    savedMethods: { repository: saved, keep, clock: world.clock, cvvRequired: options.savedCardCvvRequired },
  });
  const checkout = (on: CardGatewaySettings = settings) =>
    new GetCardCheckout({ baskets: world.baskets, reader: world.reader, paymentStates: world.paymentStates, billing: world.billing, gateway: vault, savedMethods: list, settings: on });

  /** A shopper at the payment step with a pound basket; `customer` buys again. */
  let baskets = 0;
  async function aShopper(customer?: Customer) {
    baskets += 1;
    const shopper = await world.aShopperAtPayment({ basket: { reference: `basket-${baskets}` }, ...(customer ? { customer } : {}) });
    return { ...shopper, command: { ...shopper.command, featuresOn: FEATURES } };
  }
  return { ...world, vault, saved, gateway, list, keep, placeOrder, checkout, aShopper };
}

const names = (methods: readonly { details: SavedMethodDetails; isDefault: boolean }[]) =>
  methods.map((method) => `${method.details.kind === 'card' ? method.details.last4 : method.details.kind}${method.isDefault ? '*' : ''}`);

describe('saving methods with payments', () => {
  it('keeps several cards and a PayPal account over three orders, the first the default, each under a fresh reference', async () => {
    const world = aWorld();
    const first = await world.aShopper();
    world.gateway.vaults = { card: { token: 'card-a', bin: '411111', last4: '1111', cardType: 'Visa', expirationMonth: 12, expirationYear: 2030, fingerprint: 'f-1111' } };
    expect((await world.placeOrder.execute({ ...first.command, vaultPaymentMethod: true })).ok).toBe(true);
    const second = await world.aShopper(first.customer);
    world.gateway.vaults = { card: { token: 'card-b', bin: '555555', last4: '4444', cardType: 'MasterCard', expirationMonth: 4, expirationYear: 2031, fingerprint: 'f-4444' } };
    expect((await world.placeOrder.execute({ ...second.command, vaultPaymentMethod: true })).ok).toBe(true);
    const third = await world.aShopper(first.customer);
    world.gateway.vaults = { paypalAccount: { token: 'paypal-a', email: 'payer@example.com' } };
    expect((await world.placeOrder.execute({ ...third.command, vaultPaymentMethod: true })).ok).toBe(true);

    const listed = await world.list.execute(first.customer);
    // The default first, then the newest first; all under the one vault customer of the first sale.
    expect(names(listed)).toEqual(['1111*', 'paypal', '4444']);
    expect(listed.every((method) => isSavedMethodReference(method.reference) && method.vaultCustomerId === 'vault-new')).toBe(true);
    expect(new Set(listed.map((method) => method.reference)).size).toBe(3);
    expect(listed.map((method) => method.state)).toEqual(['usable', 'usable', 'usable']);
    // Each order is noted against the method it saved: it stays while that order has not settled.
    expect(world.saved.uses.map((use) => use.reference).sort()).toEqual(listed.map((method) => method.reference).sort());
  });

  it('saving a card already saved updates its entry, keeps its place, and takes the old copy out of the vault', async () => {
    const world = aWorld();
    const first = await world.aShopper();
    world.gateway.vaults = { card: { token: 'card-a', bin: '411111', last4: '1111', cardType: 'Visa', expirationMonth: 12, expirationYear: 2030, fingerprint: 'f-1111' } };
    await world.placeOrder.execute({ ...first.command, vaultPaymentMethod: true });
    const [before] = await world.saved.listFor(first.customer.id);
    const again = await world.aShopper(first.customer);
    world.gateway.vaults = { card: { token: 'card-a2', bin: '411111', last4: '1111', cardType: 'Visa', expirationMonth: 1, expirationYear: 2032, fingerprint: 'f-1111' } };
    await world.placeOrder.execute({ ...again.command, vaultPaymentMethod: true });

    const after = await world.list.execute(first.customer);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ reference: before.reference, token: 'card-a2', isDefault: true, details: { expirationYear: 2032 } });
    expect([...world.vault.vault.keys()]).toEqual(['card-a2']);
    expect(world.vault.vault.get('card-a2')?.listing.isDefault).toBe(true);
  });
});

describe('the list agrees with the vault', () => {
  it('marks a method the vault lost, takes a new expiry, follows the vault default, and lists what the vault holds that the store did not', async () => {
    const world = aWorld();
    const { customer } = await world.aShopper();
    const card = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-a', details: cardDetails({ expirationYear: 2027 }) });
    const paypal = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'paypal-a', details: PAYPAL });
    world.vault.vault.delete('paypal-a');
    world.vault.put(card.vaultCustomerId, 'card-a', cardDetails({ expirationYear: 2031 }));
    world.vault.put(card.vaultCustomerId, 'card-z', cardDetails({ last4: '0004', bin: '400551' }));
    await world.vault.makeDefault('card-z');

    const listed = await world.list.execute(customer);
    expect(names(listed)).toEqual(['0004*', 'paypal', '1111']);
    expect(listed.find((method) => method.reference === paypal.reference)?.state).toBe('invalid');
    expect(listed.find((method) => method.reference === card.reference)?.details).toMatchObject({ expirationYear: 2031 });
  });

  it('shows an expired card as expired, and keeps the store list when the gateway does not answer', async () => {
    const world = aWorld();
    const { customer } = await world.aShopper();
    await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-old', details: cardDetails({ expirationMonth: 10, expirationYear: 2026 }) });
    world.vault.unreachable = true;
    const listed = await world.list.execute(customer);
    expect(listed.map((method) => method.state)).toEqual(['expired']);
  });

  it("never lists another customer's method", async () => {
    const world = aWorld();
    const mine = await world.aShopper();
    const theirs = await world.aShopper();
    await saveInBoth(world.saved, world.vault, { customerId: theirs.customer.id, token: 'their-card', details: cardDetails() });
    expect(await world.list.execute(mine.customer)).toEqual([]);
    const checkout = await world.checkout().execute(mine.customer, mine.basket.reference);
    expect(checkout.ok && checkout.value.savedMethods).toEqual([]);
    expect(world.vault.clientTokens.at(-1)?.vaultCustomerId).toBeNull();
  });
});

describe('choosing the default and removing', () => {
  it('makes a method the default at the gateway and here; refuses an unusable one, and another customer’s', async () => {
    const world = aWorld();
    const { customer } = await world.aShopper();
    const other = await world.aShopper();
    const a = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-a', details: cardDetails() });
    const b = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-b', details: cardDetails({ last4: '4444' }) });
    const old = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-old', details: cardDetails({ last4: '0000', expirationYear: 2025 }) });
    const makeDefault = new MakeSavedMethodDefault(world.list, world.saved, world.vault);

    const answer = await makeDefault.execute(customer, b.reference);
    expect(answer.ok && names(answer.value)).toEqual(['4444*', '0000', '1111']);
    expect(world.vault.vault.get('card-b')?.listing.isDefault).toBe(true);
    const refused = await makeDefault.execute(customer, old.reference);
    expect(!refused.ok && refused.error.errorName).toBe('SAVED_METHOD_UNAVAILABLE');
    const notTheirs = await makeDefault.execute(other.customer, a.reference);
    expect(!notTheirs.ok && notTheirs.error.errorName).toBe('NOT_FOUND');
    world.vault.unreachable = true;
    const down = await makeDefault.execute(customer, a.reference);
    expect(!down.ok && down.error.errorName).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect((await world.saved.find(customer.id, b.reference))?.isDefault).toBe(true);
  });

  it('removes at the gateway first: a refusal there leaves it saved in both, and says so', async () => {
    const world = aWorld();
    const { customer } = await world.aShopper();
    const a = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-a', details: cardDetails() });
    const b = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-b', details: cardDetails({ last4: '4444' }) });
    const remove = new RemoveSavedMethod(world.list, world.saved, world.vault);

    world.vault.refusesRemoval.add('card-a');
    const refused = await remove.execute(customer, a.reference);
    expect(!refused.ok && refused.error.errorName).toBe('SAVED_METHOD_REMOVAL_FAILED');
    expect(names(await world.list.execute(customer))).toEqual(['1111*', '4444']);
    expect(world.vault.vault.has('card-a')).toBe(true);

    world.vault.refusesRemoval.clear();
    const removed = await remove.execute(customer, a.reference);
    // The default went: the next one is the default here and at the gateway.
    expect(removed.ok && names(removed.value)).toEqual(['4444*']);
    expect(world.vault.vault.get('card-b')?.listing.isDefault).toBe(true);
    expect(world.vault.vault.has('card-a')).toBe(false);
    const again = await remove.execute(customer, a.reference);
    expect(!again.ok && again.error.errorName).toBe('NOT_FOUND');
    expect(b.reference).not.toBe(a.reference);
  });

  it('keeps a method paying an order that has not settled, until it has', async () => {
    const world = aWorld();
    const shopper = await world.aShopper();
    const account = await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'ach-a', details: ACH });
    // A dollar basket billed to Texas, which a US bank account pays.
    const dollars = await world.aShopperAtPayment({ basket: { countryAccount: 'US', reference: 'dollar-basket' }, customer: shopper.customer });
    await world.billing.save(shopper.customer.id, aBillingAddress({ country: 'US', state: 'TX', city: 'Austin', postalCode: '78701' }));
    await world.paymentStates.chooseGateway(dollars.basket.reference, dollars.basket.version, 'braintree');
    const basketStaleHash = await world.staleHashOf(dollars.basket, shopper.customer);
    const placed = await world.placeOrder.execute({ ...dollars.command, basketStaleHash, withdrawalConsent: false, featuresOn: FEATURES, paymentToken: null, savedMethod: account.reference });
    expect(placed.ok).toBe(true);
    expect(world.gateway.inner.charged.at(-1)?.vaultedToken).toBe('ach-a');
    const number = placed.ok ? placed.value.order.number : '';
    world.saved.unsettledOrders.add(number);

    const remove = new RemoveSavedMethod(world.list, world.saved, world.vault);
    const refused = await remove.execute(shopper.customer, account.reference);
    expect(!refused.ok && refused.error.errorName).toBe('SAVED_METHOD_IN_USE');
    expect(world.vault.vault.has('ach-a')).toBe(true);
    world.saved.unsettledOrders.delete(number);
    expect((await remove.execute(shopper.customer, account.reference)).ok).toBe(true);
  });
});

describe('paying with a saved method', () => {
  it('charges a card by its vault manager nonce, and a PayPal account by the vault token the store keeps', async () => {
    const world = aWorld();
    const first = await world.aShopper();
    const card = await saveInBoth(world.saved, world.vault, { customerId: first.customer.id, token: 'card-a', details: cardDetails() });
    const paypal = await saveInBoth(world.saved, world.vault, { customerId: first.customer.id, token: 'paypal-a', details: PAYPAL });
    expect((await world.placeOrder.execute({ ...first.command, paymentToken: 'vault-manager-nonce', savedMethod: card.reference })).ok).toBe(true);
    expect(world.gateway.inner.charged.at(-1)).toMatchObject({ paymentToken: 'vault-manager-nonce', vault: false, payer: { vaultCustomerId: card.vaultCustomerId } });
    expect(world.gateway.inner.charged.at(-1)?.vaultedToken).toBeUndefined();

    const second = await world.aShopper(first.customer);
    // A token from the page never pays instead of the saved account's own.
    expect((await world.placeOrder.execute({ ...second.command, paymentToken: 'someone-elses-token', savedMethod: paypal.reference })).ok).toBe(true);
    expect(world.gateway.inner.charged.at(-1)).toMatchObject({ paymentToken: null, vaultedToken: 'paypal-a' });
  });

  it("refuses an expired card, another customer's method, and one the basket does not fit, before anything is reserved", async () => {
    const world = aWorld();
    const shopper = await world.aShopper();
    const other = await world.aShopper();
    const expired = await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'card-old', details: cardDetails({ expirationYear: 2025 }) });
    const theirs = await saveInBoth(world.saved, world.vault, { customerId: other.customer.id, token: 'their-card', details: cardDetails() });
    const sepa = await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'sepa-a', details: SEPA });
    const outcome = async (savedMethod: string) => {
      const answer = await world.placeOrder.execute({ ...shopper.command, paymentToken: 'nonce', savedMethod });
      return answer.ok ? 'ok' : answer.error.errorName;
    };
    expect(await outcome(expired.reference)).toBe('SAVED_CARD_EXPIRED');
    expect(await outcome(theirs.reference)).toBe('SAVED_METHOD_UNAVAILABLE');
    // SEPA pays euros billed to a SEPA country, not this pound basket billed to the UK.
    expect(await outcome(sepa.reference)).toBe('SAVED_METHOD_UNAVAILABLE');
    expect(world.gateway.inner.charged).toHaveLength(0);
    expect(await world.orders.findByBasket(shopper.basket.reference)).toBeNull();
  });

  it("marks a method the gateway no longer holds, in its own kind's words, and refuses it next time without charging", async () => {
    const world = aWorld();
    const shopper = await world.aShopper();
    const paypal = await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'paypal-a', details: PAYPAL });
    world.vault.vault.delete('paypal-a');
    const answer = await world.placeOrder.execute({ ...shopper.command, paymentToken: null, savedMethod: paypal.reference });
    expect(!answer.ok && [answer.error.errorName, answer.error.code]).toEqual(['SAVED_PAYPAL_INVALID', ErrorCatalogue.SAVED_PAYPAL_INVALID.code]);
    expect((await world.saved.find(shopper.customer.id, paypal.reference))?.invalid).toBe(true);
    const next = await world.aShopper(shopper.customer);
    const again = await world.placeOrder.execute({ ...next.command, paymentToken: null, savedMethod: paypal.reference });
    expect(!again.ok && again.error.errorName).toBe('SAVED_PAYPAL_INVALID');
    expect(world.gateway.inner.charged).toHaveLength(0);
  });

  it("asks for a saved card's security code when the store's rules require it, and sends it with the card's token", async () => {
    const world = aWorld({ savedCardCvvRequired: true });
    const shopper = await world.aShopper();
    const card = await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'card-a', details: cardDetails() });
    const missing = await world.placeOrder.execute({ ...shopper.command, paymentToken: 'nonce', savedMethod: card.reference });
    expect(!missing.ok && missing.error.errorName).toBe('SAVED_CARD_CVV_REQUIRED');
    const paid = await world.placeOrder.execute({ ...shopper.command, paymentToken: 'nonce', savedMethod: card.reference, savedCardCvvToken: 'cvv-nonce' });
    expect(paid.ok).toBe(true);
    expect(world.gateway.inner.charged.at(-1)).toMatchObject({ paymentToken: 'nonce', cvvNonce: 'cvv-nonce', savedToken: 'card-a' });
  });
});

describe('the checkout and the session', () => {
  it('offers every saved method that fits the basket, the default first, with the unusable ones shown as such', async () => {
    const world = aWorld();
    const shopper = await world.aShopper();
    await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'card-a', details: cardDetails() });
    await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'sepa-a', details: SEPA });
    await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'paypal-a', details: PAYPAL });
    await saveInBoth(world.saved, world.vault, { customerId: shopper.customer.id, token: 'card-old', details: cardDetails({ last4: '0000', expirationYear: 2025 }) });
    const answer = await world.checkout().execute(shopper.customer, shopper.basket.reference);
    // UK billing in pounds: the SEPA account does not fit; PayPal does while it is on.
    expect(answer.ok && answer.value.savedMethods.map((method) => `${method.token}:${method.state}`)).toEqual(['card-a:usable', 'card-old:expired', 'paypal-a:usable']);
    expect(world.vault.clientTokens.at(-1)).toEqual({ vaultCustomerId: 'vault-' + shopper.customer.id, currency: 'GBP' });
    const withoutPayPal = await world.checkout({ ...settings, wallets: { ...settings.wallets, payPal: false } }).execute(shopper.customer, shopper.basket.reference);
    expect(withoutPayPal.ok && withoutPayPal.value.savedMethods.map((method) => method.token)).toEqual(['card-a', 'card-old']);
  });

  it("names the default card or PayPal account as the session's customer.payment", async () => {
    const world = aWorld();
    const { customer } = await world.aShopper();
    const payment = new GetCustomerPayment(world.saved, world.clock);
    expect(await payment.execute(customer)).toBeNull();
    await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'sepa-a', details: SEPA });
    await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'paypal-a', details: PAYPAL });
    expect(await payment.execute(customer)).toEqual({ type: 'paypal', last4: null, expired: false });
    const card = await saveInBoth(world.saved, world.vault, { customerId: customer.id, token: 'card-a', details: cardDetails({ last4: '4242', expirationYear: 2025 }) });
    await world.saved.setDefault(customer.id, card.reference);
    expect(await payment.execute(customer)).toEqual({ type: 'card', last4: '4242', expired: true });
  });
});
