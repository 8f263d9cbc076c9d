import { ErrorCatalogue } from '@store/domain';
import { aCardGatewaySettings, aCheckoutWorld, aSavedCard, aSavedPayPalAccount, FakeCardGateway, InMemorySavedCards, InMemorySavedPayPal, saveCardInBoth } from '../testing';
import { GetCardCheckout } from './card-checkout.use-case';
import type { CardGatewaySettings } from './card-gateway.ports';

const settings: CardGatewaySettings = aCardGatewaySettings();

async function setUp(gateway: 'braintree' | 'digital-river' = 'braintree', walletSettings = settings) {
  const world = aCheckoutWorld();
  const { customer, basket } = await world.aShopperAtPayment({ gateway });
  const payPal = new InMemorySavedPayPal();
  const cards = new InMemorySavedCards(payPal);
  const vault = new FakeCardGateway();
  const checkout = new GetCardCheckout(world.baskets, world.reader, world.paymentStates, vault, cards, payPal, walletSettings, world.clock);
  return { ...world, customer, basket, payPal, cards, vault, checkout, setUp: () => checkout.execute(customer, basket.reference) };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('GetCardCheckout', () => {
  it('gives a client token in the basket currency, without a vault customer for a new shopper', async () => {
    const { setUp: run, vault } = await setUp();
    expect(await run()).toEqual({ ok: true, value: { clientToken: 'client-token-1', merchantAccountId: null, currency: 'GBP', savedCard: null, savedPayPalAccount: null, savedBankAccounts: [], settings } });
    expect(vault.clientTokens).toEqual([{ vaultCustomerId: null, currency: 'GBP' }]);
  });

  it("names the basket currency's merchant account the token was made for, the page's SEPA mandate names it again", async () => {
    const accounts = { ...settings, merchantAccounts: { GBP: 'store_GBP', EUR: 'store_EUR' } };
    const { setUp: run } = await setUp('braintree', accounts);
    const answer = await run();
    expect(answer.ok && answer.value.merchantAccountId).toBe('store_GBP');
  });

  it("offers the saved card as the gateway knows it now, and reaches the shopper's vault", async () => {
    const { setUp: run, vault, cards, customer } = await setUp();
    const card = aSavedCard(customer.id, { expirationYear: 2027 });
    await saveCardInBoth(cards, vault, card);
    vault.cards.set(card.token, { ...card, expirationYear: 2031 });
    const answer = await run();
    expect(answer.ok && answer.value.savedCard).toMatchObject({ token: card.token, expirationYear: 2031, expired: false });
    expect((await cards.find(customer.id))?.expirationYear).toBe(2031);
    expect(vault.clientTokens).toEqual([{ vaultCustomerId: card.vaultCustomerId, currency: 'GBP' }]);
  });

  it('marks a card the gateway no longer has and does not offer it again', async () => {
    const { setUp: run, vault, cards, customer } = await setUp();
    await saveCardInBoth(cards, vault, aSavedCard(customer.id));
    vault.cards.clear();
    const answer = await run();
    expect(answer.ok && answer.value.savedCard).toBeNull();
    expect((await cards.find(customer.id))?.lastResponseCode).toBe(ErrorCatalogue.SAVED_CARD_INVALID.code);
    await run();
    expect(vault.clientTokens).toHaveLength(2);
  });

  it('offers the saved PayPal account while the gateway has it, and only with PayPal on', async () => {
    const { setUp: run, vault, payPal, customer } = await setUp();
    const account = aSavedPayPalAccount(customer.id);
    await payPal.save(account);
    expect((await run()).ok && (await payPal.find(customer.id))?.lastResponseCode).toBe(ErrorCatalogue.SAVED_PAYPAL_INVALID.code);

    await payPal.save(account);
    vault.payPalAccounts.set(account.token, { token: account.token, email: account.email });
    const answer = await run();
    expect(answer.ok && answer.value.savedPayPalAccount).toMatchObject({ token: account.token });

    const off = await setUp('braintree', { ...settings, wallets: { ...settings.wallets, payPal: false } });
    await off.payPal.save(aSavedPayPalAccount(off.customer.id));
    const withoutPayPal = await off.setUp();
    expect(withoutPayPal.ok && withoutPayPal.value.savedPayPalAccount).toBeNull();
  });

  it('keeps what it knows of the saved card when the gateway does not answer the lookup', async () => {
    const { setUp: run, vault, cards, customer } = await setUp();
    await saveCardInBoth(cards, vault, aSavedCard(customer.id));
    jest.spyOn(vault, 'findCard').mockRejectedValueOnce(new Error('timeout'));
    const answer = await run();
    expect(answer.ok && answer.value.savedCard?.token).toBe(`card-of-${customer.id}`);
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
