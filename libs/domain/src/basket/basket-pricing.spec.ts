import { money } from '../shared/money';
import { displayedTotal, priceBasket } from './basket-pricing';

describe('priceBasket', () => {
  it('extracts VAT from tax-inclusive prices', () => {
    const pricing = priceBasket(
      [
        { reference: 'a', unitPrice: money(4199, 'GBP'), quantity: 1 },
        { reference: 'b', unitPrice: money(6999, 'GBP'), quantity: 2 },
      ],
      { currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 },
    );
    expect(pricing.lines.map((line) => line.total.amountMinor)).toEqual([4199, 13998]);
    expect(pricing.total.gross.amountMinor).toBe(18197);
    // 18197 / 1.2 = 15164.17 -> net 15164, tax 3033
    expect(pricing.total.net.amountMinor).toBe(15164);
    expect(pricing.total.tax.amountMinor).toBe(3033);
    expect(pricing.total.net.amountMinor + pricing.total.tax.amountMinor).toBe(pricing.total.gross.amountMinor);
    expect(pricing.total.isZeroVat).toBe(false);
  });

  it('adds no tax before the address in a tax-exclusive account', () => {
    const pricing = priceBasket([{ reference: 'a', unitPrice: money(5999, 'USD'), quantity: 5 }], {
      currency: 'USD',
      taxInclusive: false,
      taxRateBasisPoints: 0,
    });
    expect(pricing.total).toEqual({
      net: money(29995, 'USD'),
      tax: money(0, 'USD'),
      gross: money(29995, 'USD'),
      isZeroVat: true,
    });
    expect(displayedTotal(pricing)).toEqual({ label: 'Subtotal (excluding tax)', amount: money(29995, 'USD') });
  });

  it('prices an empty or free basket at zero', () => {
    const pricing = priceBasket([{ reference: 'a', unitPrice: money(0, 'GBP'), quantity: 1 }], {
      currency: 'GBP',
      taxInclusive: true,
      taxRateBasisPoints: 2000,
    });
    expect(pricing.total.gross.amountMinor).toBe(0);
    expect(pricing.total.isZeroVat).toBe(true);
    expect(displayedTotal(pricing).label).toBe('Total (including tax)');
  });
});
