import { money } from '../shared/money';
import { priceDisplay, showsChoice, stockNote, taxLabel } from './product';

const gbp = (n: number) => money(n, 'GBP');

describe('product display rules', () => {
  it.each(['none', 'universal', 'ipados'])('does not show a single %s choice', (synonym) => {
    expect(showsChoice([{ name: 'x', synonym }])).toBe(false);
  });

  it('shows a single meaningful choice and any set of several', () => {
    expect(showsChoice([{ name: 'macOS', synonym: 'macos' }])).toBe(true);
    expect(
      showsChoice([
        { name: 'Universal', synonym: 'universal' },
        { name: 'iPad', synonym: 'ipados' },
      ]),
    ).toBe(true);
    expect(showsChoice([])).toBe(false);
  });

  it('shows Free, striking through an original price only when it was not free', () => {
    expect(priceDisplay({ current: gbp(0), original: gbp(0) })).toEqual({
      isFree: true,
      showOriginalStruck: false,
      onOffer: false,
    });
    expect(priceDisplay({ current: gbp(0), original: gbp(1499) })).toEqual({
      isFree: true,
      showOriginalStruck: true,
      onOffer: true,
    });
    expect(priceDisplay({ current: gbp(4199), original: gbp(6999) }).showOriginalStruck).toBe(true);
    expect(priceDisplay({ current: gbp(6999), original: gbp(6999) }).showOriginalStruck).toBe(false);
  });

  it('labels tax and writes the stock notes of the spec', () => {
    expect(taxLabel(true)).toBe('incl. tax');
    expect(taxLabel(false)).toBe('excl. tax');
    const format = (iso: string) => `<${iso}>`;
    expect(stockNote({ outOfStock: true, expectedDate: '2027-01-15', preorderDate: null }, format)).toBe(
      'Out of stock. Expected: <2027-01-15>',
    );
    expect(stockNote({ outOfStock: false, expectedDate: null, preorderDate: '2027-02-01' }, format)).toBe(
      'Pre-order. Available: <2027-02-01>',
    );
    expect(stockNote({ outOfStock: false, expectedDate: null, preorderDate: null }, format)).toBeNull();
  });
});
