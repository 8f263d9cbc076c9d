import type { BasketAnalyticsJson, BasketJson } from '../contracts/basket.contract';
import { money, toDecimalString } from '../shared/money';

/**
 * The ecommerce payload of a basket as the common tag managers expect it (GA4's items shape): the
 * total the shopper pays, the applied code and one item per line, prices as decimal strings.
 */
export function basketAnalytics(basket: BasketJson): BasketAnalyticsJson {
  const total = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  return {
    currency: basket.pricing.currency_code,
    value: toDecimalString(money(total.gross.amount_minor, total.gross.currency)),
    coupon: basket.pricing.applied_discount?.code ?? null,
    items: basket.lines.map((line) => {
      const active = line.product_choices.find((option) => option.choice.synonym === line.active_product_choice);
      const price = active?.product.price_current ?? line.total;
      return {
        item_id: active?.product.reference ?? line.product_suite_reference,
        item_name: line.name,
        item_variant: active?.choice.name ?? line.active_product_choice,
        price: toDecimalString(money(price.amount_minor, price.currency)),
        quantity: line.quantity,
      };
    }),
  };
}

/** A dataLayer entry: the event name and its ecommerce payload (spec 1 §7 names only). */
export interface AnalyticsEntry {
  readonly event: string;
  readonly ecommerce: BasketAnalyticsJson | null;
}
