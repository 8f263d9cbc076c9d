import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import type { VaultedPaymentMethod } from 'braintree-web/vault-manager';
import type { OfferFacts } from '../../method';
import {
  anySavedMethodUsable,
  chosenSavedMethod,
  preselectedSavedMethod,
  refusalOf,
  savedCardCode,
  savedMethodLabel,
  securityCodeRefusal,
  shownSavedMethods,
  vaultedCardFor,
  vaultedPayPalFor,
  type SavedRefusals,
} from './saved-methods';
import { savedMethodsMethod } from './saved-methods.method';
import { savedCardJson, savedMethodReference, savedPayPalJson } from '../../saved-methods.fixtures';

const reference = savedMethodReference;
const card = (digit: string, overrides: Partial<SavedMethodJson> = {}, details: Partial<NonNullable<SavedMethodJson['card']>> = {}) =>
  savedCardJson({ reference: reference(digit), ...overrides }, details);
const payPal = (digit: string, email: string, overrides: Partial<SavedMethodJson> = {}) => savedPayPalJson(email, { reference: reference(digit), ...overrides });

const vaultedCard = (nonce: string, details: VaultedPaymentMethod['details']): VaultedPaymentMethod => ({
  nonce,
  default: false,
  type: 'CreditCard',
  details: { bin: '411111', lastFour: '1111', expirationMonth: '12', expirationYear: '2030', cardType: 'Visa', ...details },
});

const shown = (methods: readonly SavedMethodJson[], refusals: SavedRefusals = {}) => shownSavedMethods({ saved_methods: methods }, refusals);
const chosenOf = (methods: readonly SavedMethodJson[], choice: string | null, refusals: SavedRefusals = {}) => chosenSavedMethod(shown(methods, refusals), choice)?.method.reference ?? null;

describe('the saved methods listed at the checkout', () => {
  it("keeps the server's order, and shows an expired or invalid method disabled with a short reason", () => {
    const list = shown([card('1', { is_default: true }), card('2', { state: 'expired' }), payPal('3', 'payer@example.com', { state: 'invalid' })]);
    expect(list.map((entry) => [entry.method.reference, entry.usable, entry.reason])).toEqual([
      [reference('1'), true, null],
      [reference('2'), false, 'Expired'],
      [reference('3'), false, 'No longer available'],
    ]);
  });

  it('takes a refusal on this page over the state the checkout was loaded with', () => {
    const list = shown([card('1'), card('2')], { [reference('1')]: 'invalid', [reference('2')]: 'expired' });
    expect(list.map((entry) => entry.reason)).toEqual(['No longer available', 'Expired']);
    expect(anySavedMethodUsable(list)).toBe(false);
  });

  it('labels the default as such', () => {
    expect(savedMethodLabel(card('1', { is_default: true }))).toBe('•••• Visa ending in 1111 (expires 12/2030) (default)');
    expect(savedMethodLabel(payPal('2', 'payer@example.com'))).toBe('PayPal payer@example.com');
  });
});

describe('which saved method is chosen', () => {
  it('preselects the default, else the first usable one', () => {
    expect(chosenOf([card('1'), card('2', { is_default: true })], null)).toBe(reference('2'));
    expect(chosenOf([card('1', { is_default: true, state: 'expired' }), card('2', { state: 'invalid' }), card('3'), card('4')], null)).toBe(reference('3'));
    expect(preselectedSavedMethod(shown([card('1', { state: 'expired' })]))).toBeNull();
    expect(preselectedSavedMethod(shown([]))).toBeNull();
  });

  it("keeps the shopper's choice while it can pay, and moves on once it is refused", () => {
    const methods = [card('1', { is_default: true }), payPal('2', 'payer@example.com'), card('3')];
    expect(chosenOf(methods, reference('2'))).toBe(reference('2'));
    expect(chosenOf(methods, reference('2'), { [reference('2')]: 'invalid' })).toBe(reference('1'));
    expect(chosenOf(methods, reference('1'), { [reference('1')]: 'expired' })).toBe(reference('2'));
    // A disabled one, or one not listed, is never the choice.
    expect(chosenOf([card('1', { state: 'expired' }), card('2')], reference('1'))).toBe(reference('2'));
    expect(chosenOf(methods, reference('9'))).toBe(reference('1'));
  });
});

describe('the saved methods option', () => {
  const offered = (methods: readonly SavedMethodJson[] | undefined, savedRefusals: SavedRefusals = {}) =>
    savedMethodsMethod.offered({ checkout: { saved_methods: methods }, country: 'GB', currency: 'GBP', locale: 'en-gb', savedRefusals } as unknown as OfferFacts, null);

  it('is offered while at least one saved method can pay', () => {
    expect(offered([card('1', { state: 'expired' }), payPal('2', 'payer@example.com')])).toBe(true);
    expect(offered([card('1', { state: 'expired' }), payPal('2', 'payer@example.com', { state: 'invalid' })])).toBe(false);
    expect(offered([card('1')], { [reference('1')]: 'invalid' })).toBe(false);
    expect(offered([])).toBe(false);
    expect(offered(undefined)).toBe(false);
  });
});

describe('what a refused payment says about the saved method', () => {
  it.each([
    [ErrorCatalogue.SAVED_CARD_EXPIRED.code, 'expired'],
    [ErrorCatalogue.SAVED_CARD_INVALID.code, 'invalid'],
    [ErrorCatalogue.SAVED_PAYPAL_INVALID.code, 'invalid'],
    [ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code, 'invalid'],
    [ErrorCatalogue.SAVED_VENMO_INVALID.code, 'invalid'],
    [ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, 'invalid'],
  ])('%i makes it %s', (code, refusal) => {
    expect(refusalOf(code)).toBe(refusal);
  });

  it('leaves it choosable after a decline, a withdrawn PayPal consent, a missing security code or no refusal', () => {
    for (const code of [ErrorCatalogue.PAYPAL_CONSENT_NEEDED.code, ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.code, ErrorCatalogue.ORDER_FAILED.code, null]) expect(refusalOf(code)).toBeNull();
  });
});

describe("matching a saved method to the vault manager's entry", () => {
  it('finds the card with the same BIN, last four, expiry and type', () => {
    const renewed = vaultedCard('nonce-renewed', { expirationYear: '2033' });
    const same = vaultedCard('nonce-same', { cardType: 'visa ' });
    const payPalEntry: VaultedPaymentMethod = { nonce: 'nonce-paypal', default: true, type: 'PayPalAccount', details: { email: 'payer@example.com' } };
    expect(vaultedCardFor([payPalEntry, renewed, same], card('1'))?.nonce).toBe('nonce-same');
    expect(vaultedCardFor([renewed], card('1', {}, { expiration_year: 2033 }))?.nonce).toBe('nonce-renewed');
  });

  it.each<[string, VaultedPaymentMethod['details']]>([
    ['another BIN', { bin: '400000' }],
    ['other last digits', { lastFour: '1112' }],
    ['another expiry month', { expirationMonth: '11' }],
    ['another expiry year', { expirationYear: '2031' }],
    ['another card type', { cardType: 'Mastercard' }],
    ['no expiry', { expirationMonth: undefined, expirationYear: undefined }],
  ])('finds no card with %s', (_what, details) => {
    expect(vaultedCardFor([vaultedCard('nonce', details)], card('1'))).toBeNull();
  });

  it("reads a month written with a leading zero as the saved card's month", () => {
    expect(vaultedCardFor([vaultedCard('nonce', { expirationMonth: '04' })], card('1', {}, { expiration_month: 4 }))?.nonce).toBe('nonce');
  });

  it('finds the PayPal account by its email, and never a card for an account or the other way round', () => {
    const entries: VaultedPaymentMethod[] = [
      { nonce: 'nonce-other', default: true, type: 'PayPalAccount', details: { email: 'other@example.com' } },
      { nonce: 'nonce-payer', default: false, type: 'PayPalAccount', details: { email: 'Payer@Example.com' } },
      vaultedCard('nonce-card', {}),
    ];
    expect(vaultedPayPalFor(entries, payPal('2', 'payer@example.com'))?.nonce).toBe('nonce-payer');
    expect(vaultedPayPalFor(entries, payPal('2', 'nobody@example.com'))).toBeNull();
    expect(vaultedPayPalFor(entries, card('1'))).toBeNull();
    expect(vaultedCardFor(entries, payPal('2', 'payer@example.com'))).toBeNull();
  });
});

describe("a saved card's security code asked again", () => {
  it('is four digits on the front of an American Express card, three on the back of the others', () => {
    expect(savedCardCode(card('1', {}, { card_type: 'American Express' }))).toEqual({ length: 4, hint: 'The 4 digits on the front of your card.' });
    expect(savedCardCode(card('1', {}, { card_type: 'american_express' })).length).toBe(4);
    for (const type of ['Visa', 'MasterCard', 'Maestro', 'Discover']) {
      expect(savedCardCode(card('1', {}, { card_type: type }))).toEqual({ length: 3, hint: 'The last 3 digits on the back of your card.' });
    }
  });

  it("is asked again, in the catalogue's words, after a wrong or missing code; not after any other refusal", () => {
    expect(securityCodeRefusal(ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code)).toBe('The security code you have entered is incorrect.');
    expect(securityCodeRefusal(ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.code)).toBe(ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.message);
    expect(securityCodeRefusal(ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.code)).toBe("Please enter your card's security code.");
    for (const code of [ErrorCatalogue.SAVED_CARD_INVALID.code, ErrorCatalogue.THREE_D_SECURE_FAILED.code, ErrorCatalogue.ORDER_FAILED.code, null]) expect(securityCodeRefusal(code)).toBeNull();
  });
});
