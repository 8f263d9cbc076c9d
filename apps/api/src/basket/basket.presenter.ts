import type { BasketJson, BasketView, Totals, TotalsJson } from '@store/domain';
import { showsChoice } from '@store/domain';
import { moneyJson, productJson } from '../catalogue/catalogue.presenter';

function totalsJson(totals: Totals): TotalsJson {
  return {
    net: moneyJson(totals.net),
    tax: moneyJson(totals.tax),
    gross: moneyJson(totals.gross),
    is_zero_vat: totals.isZeroVat,
    is_zero_total: totals.gross.amountMinor === 0,
  };
}

export function basketJson(view: BasketView): BasketJson {
  return {
    reference: view.basket.reference,
    stale_hash: view.staleHash,
    country_account: view.basket.countryAccount,
    lines: view.lines.map(({ line, suite, product, total }) => ({
      reference: line.reference,
      quantity: line.quantity,
      quantity_locked: line.quantityLocked,
      quantity_minimum: suite.quantityMinimum,
      quantity_maximum: suite.quantityMaximum,
      product_suite_reference: suite.reference,
      name: suite.name,
      is_multi_user: suite.isMultiUser,
      show_choice: showsChoice(suite.products.map((candidate) => candidate.choice)),
      active_product_choice: product.choice.synonym,
      product_choices: suite.products.map((candidate) => ({ choice: candidate.choice, product: productJson(candidate) })),
      products_included: suite.productsIncluded.map(productJson),
      total: moneyJson(total),
    })),
    flags: {
      allow_line_removal: view.flags.allowLineRemoval,
      is_free_download: view.flags.isFreeDownload,
      shipping_is_required: view.flags.shippingIsRequired,
    },
    order_is_complimentary: view.orderIsComplimentary,
    pricing: {
      currency_code: view.countryAccount.currency,
      tax_inclusive: view.countryAccount.taxInclusive,
      total: totalsJson(view.total),
      applied_discount: null,
      total_with_discount_applied: null,
      formatted_total_for_3d_verification: view.formattedTotalForVerification,
    },
  };
}
