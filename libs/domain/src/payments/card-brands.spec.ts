import { CARD_BRAND_ICONS, cardBrandIcon } from './card-brands';

describe('cardBrandIcon', () => {
  it('has the six icons of spec 2 §9', () => {
    expect(CARD_BRAND_ICONS).toEqual(['american-express', 'mastercard', 'visa', 'maestro', 'discover', 'jcb']);
  });

  it.each<[string | null | undefined, string | null]>([
    ['American Express', 'american-express'],
    ['american-express', 'american-express'],
    ['AmEx', 'american-express'],
    ['MasterCard', 'mastercard'],
    ['master-card', 'mastercard'],
    ['Visa', 'visa'],
    ['Maestro', 'maestro'],
    ['Discover', 'discover'],
    ['Diners Club', 'discover'],
    ['diners-club', 'discover'],
    ['JCB', 'jcb'],
    ['UnionPay', null],
    ['Elo', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['constructor', null],
  ])('%p shows %p', (cardType, icon) => {
    expect(cardBrandIcon(cardType)).toBe(icon);
  });
});
