import type { BasketJson } from '../contracts/basket.contract';
import { basketAnalytics } from './basket-analytics';

const gbp = (amount_minor: number) => ({ amount_minor, currency: 'GBP' });
const totals = (gross: number) => ({ net: gbp(gross), tax: gbp(0), gross: gbp(gross), is_zero_vat: true, is_zero_total: gross === 0 });

describe('basketAnalytics', () => {
  it('describes each line with its chosen product, and the total after the discount', () => {
    const basket = {
      lines: [
        {
          name: 'Affinity Photo 2',
          product_suite_reference: 'photo-2',
          active_product_choice: 'windows',
          quantity: 2,
          total: gbp(8398),
          product_choices: [
            { choice: { name: 'macOS', synonym: 'macos' }, product: { reference: 'photo-2-macos', price_current: gbp(4199) } },
            { choice: { name: 'Windows', synonym: 'windows' }, product: { reference: 'photo-2-windows', price_current: gbp(4199) } },
          ],
        },
      ],
      pricing: {
        currency_code: 'GBP',
        total: totals(8398),
        applied_discount: { code: 'WELCOME10', percentage: 10, total: totals(840) },
        total_with_discount_applied: totals(7558),
      },
    } as unknown as BasketJson;
    expect(basketAnalytics(basket)).toEqual({
      currency: 'GBP',
      value: '75.58',
      coupon: 'WELCOME10',
      items: [{ item_id: 'photo-2-windows', item_name: 'Affinity Photo 2', item_variant: 'Windows', price: '41.99', quantity: 2 }],
    });
  });
});
