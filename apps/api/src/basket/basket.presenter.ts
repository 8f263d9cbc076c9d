import type { ReadBasket } from '@store/application';
import { money, showsChoice, toDecimalString, type BasketAnalyticsJson, type BasketChangeJson, type BasketJson, type Totals, type TotalsJson } from '@store/domain';
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

export function basketJson({ view, notices }: ReadBasket): BasketJson {
  return {
    reference: view.basket.reference,
    stale_hash: view.staleHash,
    country_account: view.basket.countryAccount,
    shipping_country: view.basket.shippingCountry,
    notices,
    lines: view.lines.map(({ line, suite, product, total, discount }) => ({
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
      product_choices: suite.products.map((candidate) => ({ choice: candidate.choice, product: productJson(candidate), legacy_product: candidate.legacy === true })),
      products_included: suite.productsIncluded.map(productJson),
      total: moneyJson(total),
      discount: moneyJson(discount),
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
      applied_discount: view.appliedDiscount
        ? { code: view.appliedDiscount.code, percentage: view.appliedDiscount.percentOff, total: totalsJson(view.appliedDiscount.amount) }
        : null,
      total_with_discount_applied: view.appliedDiscount ? totalsJson(view.totalWithDiscount) : null,
      applied_voucher: view.appliedVoucher
        ? { code: view.appliedVoucher.code, amount: moneyJson(view.appliedVoucher.amount), balance_left: moneyJson(view.appliedVoucher.balanceLeft) }
        : null,
      amount_to_pay: moneyJson(view.amountToPay),
      formatted_total_for_3d_verification: view.formattedTotalForVerification,
    },
  };
}

export function basketAnalyticsJson({ view }: ReadBasket): BasketAnalyticsJson {
  return {
    currency: view.countryAccount.currency,
    value: toDecimalString(view.totalWithDiscount.gross),
    coupon: view.appliedDiscount?.code ?? null,
    items: view.lines.map(({ line, suite, product }) => ({
      item_id: product.reference,
      item_name: suite.name,
      item_variant: product.choice.name,
      price: toDecimalString(money(product.price.current.amountMinor, product.price.current.currency)),
      quantity: line.quantity,
    })),
  };
}

export function basketChangeJson(read: ReadBasket): BasketChangeJson {
  const basket = basketJson(read);
  return { basket, analytics: basketAnalyticsJson(read), order_is_complimentary: basket.order_is_complimentary, stale_hash: basket.stale_hash };
}
