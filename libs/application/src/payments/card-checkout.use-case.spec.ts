import { aCardGatewaySettings, aCheckoutWorld, cardDetails, FakeCardGateway, InMemorySavedMethods, saveInBoth } from '../testing';
import { GetCardCheckout } from './card-checkout.use-case';
import type { CardGatewaySettings } from './card-gateway.ports';
import { ListSavedMethods } from './saved-methods.use-cases';

const settings: CardGatewaySettings = aCardGatewaySettings();

async function setUp(gateway: 'braintree' | 'digital-river' = 'braintree', walletSettings = settings) {
  const world = aCheckoutWorld();
  const { customer, basket } = await world.aShopperAtPayment({ gateway });
  const saved = new InMemorySavedMethods();
  const vault = new FakeCardGateway();
  const savedMethods = new ListSavedMethods(saved, vault, world.clock, world.keys);
  const checkout = new GetCardCheckout({ baskets: world.baskets, reader: world.reader, paymentStates: world.paymentStates, billing: world.billing, gateway: vault, savedMethods, settings: walletSettings });
  return { ...world, customer, basket, saved, vault, checkout, setUp: () => checkout.execute(customer, basket.reference) };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('GetCardCheckout', () => {
  it('gives a client token in the basket currency, without a vault customer for a new shopper', async () => {
    const { setUp: run, vault } = await setUp();
    expect(await run()).toEqual({ ok: true, value: { clientToken: 'client-token-1', merchantAccountId: null, currency: 'GBP', savedMethods: [], settings } });
    expect(vault.clientTokens).toEqual([{ vaultCustomerId: null, currency: 'GBP' }]);
  });

  it("names the basket currency's merchant account the token was made for, the page's SEPA mandate names it again", async () => {
    const accounts = { ...settings, merchantAccounts: { GBP: 'store_GBP', EUR: 'store_EUR' } };
    const { setUp: run } = await setUp('braintree', accounts);
    const answer = await run();
    expect(answer.ok && answer.value.merchantAccountId).toBe('store_GBP');
  });

  it("reaches the shopper's vault with the token, so the page's vault manager lists the same methods", async () => {
    const { setUp: run, vault, saved, customer } = await setUp();
    const card = await saveInBoth(saved, vault, { customerId: customer.id, token: 'card-a', details: cardDetails() });
    const answer = await run();
    expect(answer.ok && answer.value.savedMethods.map((method) => method.reference)).toEqual([card.reference]);
    expect(vault.clientTokens).toEqual([{ vaultCustomerId: card.vaultCustomerId, currency: 'GBP' }]);
  });

  it('says payment methods are unavailable when no client token can be had', async () => {
    const { setUp: run, vault } = await setUp();
    vault.unreachable = true;
    expect(outcome(await run())).toBe('PAYMENT_METHODS_UNAVAILABLE');
  });

  it("refuses someone else's basket, and a basket whose billing did not choose the card gateway", async () => {
    const mine = await setUp();
    const other = await mine.aShopperAtPayment();
    expect(outcome(await mine.checkout.execute(other.customer, mine.basket.reference))).toBe('BASKET_NOT_FOUND');
    expect(outcome(await (await setUp('digital-river')).setUp())).toBe('PAYMENT_METHODS_UNAVAILABLE');
    // An edit elsewhere moves the basket on: the gateway was chosen for the version before.
    await mine.baskets.save({ ...mine.basket, version: mine.basket.version + 1 });
    expect(outcome(await mine.setUp())).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(mine.vault.clientTokens).toHaveLength(0);
  });
});
