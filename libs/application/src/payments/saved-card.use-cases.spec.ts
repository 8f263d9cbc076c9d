import { ErrorCatalogue } from '@store/domain';
import { aCustomer } from '@store/domain/testing';
import { aSavedCard, aSavedPayPalAccount, FakeCardGateway, FixedClock, InMemorySavedCards, InMemorySavedPayPal, saveCardInBoth } from '../testing';
import { GetCustomerPayment, GetSavedCard, GetSavedPayPalAccount, RemoveSavedCard, RemoveSavedPayPalAccount } from './saved-card.use-cases';

function setUp() {
  const payPal = new InMemorySavedPayPal();
  const cards = new InMemorySavedCards(payPal);
  const gateway = new FakeCardGateway();
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  const customer = aCustomer();
  const getCard = new GetSavedCard(cards, clock);
  const getPayPal = new GetSavedPayPalAccount(payPal);
  return { payPal, cards, gateway, clock, customer, getCard, getPayPal, customerPayment: new GetCustomerPayment(getCard, getPayPal) };
}

describe('GetSavedCard', () => {
  it('shows the saved card, expired from the month after its expiry, and unusable once the gateway lost it', async () => {
    const { cards, gateway, customer, getCard, clock } = setUp();
    expect(await getCard.execute(customer)).toBeNull();
    await saveCardInBoth(cards, gateway, aSavedCard(customer.id, { expirationMonth: 11, expirationYear: 2026 }));
    expect(await getCard.execute(customer)).toMatchObject({ last4: '1111', expired: false, unusable: false });
    clock.advance(10 * 24 * 3600 * 1000);
    expect(await getCard.execute(customer)).toMatchObject({ expired: true, unusable: false });
    await cards.update(customer.id, `card-of-${customer.id}`, { lastResponseCode: ErrorCatalogue.SAVED_CARD_INVALID.code });
    expect(await getCard.execute(customer)).toMatchObject({ unusable: true });
  });
});

describe('RemoveSavedCard', () => {
  it('removes the card from the vault, then from the store', async () => {
    const { cards, gateway, customer } = setUp();
    await saveCardInBoth(cards, gateway, aSavedCard(customer.id));
    expect(await new RemoveSavedCard(cards, gateway).execute(customer)).toEqual({ ok: true, value: true });
    expect(gateway.cards.size).toBe(0);
    expect(await cards.find(customer.id)).toBeNull();
    expect(await new RemoveSavedCard(cards, gateway).execute(customer)).toEqual({ ok: true, value: false });
  });

  it('keeps the card when the gateway cannot be reached, and says the card could not be updated', async () => {
    const { cards, gateway, customer } = setUp();
    await saveCardInBoth(cards, gateway, aSavedCard(customer.id));
    gateway.unreachable = true;
    const refused = await new RemoveSavedCard(cards, gateway).execute(customer);
    expect(!refused.ok && refused.error.errorName).toBe('CARD_UPDATE_FAILED');
    expect(await cards.find(customer.id)).not.toBeNull();
  });

  it('removes the stored card without a gateway configured', async () => {
    const { cards, customer } = setUp();
    await cards.save(aSavedCard(customer.id));
    expect(await new RemoveSavedCard(cards, null).execute(customer)).toEqual({ ok: true, value: true });
  });
});

describe('saved PayPal accounts', () => {
  it('shows the account, unusable once the gateway lost it, and removes it from the vault first', async () => {
    const { payPal, gateway, customer, getPayPal } = setUp();
    const account = aSavedPayPalAccount(customer.id);
    await payPal.save(account);
    gateway.payPalAccounts.set(account.token, { token: account.token, email: account.email });
    expect(await getPayPal.execute(customer)).toMatchObject({ email: 'payer@example.com', unusable: false });
    await payPal.update(customer.id, account.token, { lastResponseCode: ErrorCatalogue.SAVED_PAYPAL_INVALID.code });
    expect(await getPayPal.execute(customer)).toMatchObject({ unusable: true });
    expect(await new RemoveSavedPayPalAccount(payPal, gateway).execute(customer)).toBe(true);
    expect(gateway.payPalAccounts.size).toBe(0);
    expect(await getPayPal.execute(customer)).toBeNull();
    expect(await new RemoveSavedPayPalAccount(payPal, gateway).execute(customer)).toBe(false);
  });
});

describe('GetCustomerPayment', () => {
  it('offers the saved card first, else a usable PayPal account, else nothing', async () => {
    const { cards, payPal, gateway, customer, customerPayment } = setUp();
    expect(await customerPayment.execute(customer)).toBeNull();
    await payPal.save(aSavedPayPalAccount(customer.id));
    expect(await customerPayment.execute(customer)).toEqual({ type: 'paypal', last4: null, expired: false });
    await saveCardInBoth(cards, gateway, aSavedCard(customer.id, { last4: '4242', expirationYear: 2020 }));
    expect(await customerPayment.execute(customer)).toEqual({ type: 'card', last4: '4242', expired: true });
    await cards.update(customer.id, `card-of-${customer.id}`, { lastResponseCode: ErrorCatalogue.SAVED_CARD_INVALID.code });
    await payPal.update(customer.id, `paypal-of-${customer.id}`, { lastResponseCode: ErrorCatalogue.SAVED_PAYPAL_INVALID.code });
    expect(await customerPayment.execute(customer)).toBeNull();
  });
});
