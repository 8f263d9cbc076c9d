import {
  priceDisplay,
  showsChoice,
  type CatalogueJson,
  type CatalogueProduct,
  type Money,
  type MoneyJson,
  type ProductJson,
  type ProductSuite,
  type ProductSuiteJson,
} from '@store/domain';
import type { CatalogueView } from '@store/application';

export function moneyJson(value: Money): MoneyJson {
  return { amount_minor: value.amountMinor, currency: value.currency };
}

export function productJson(product: CatalogueProduct): ProductJson {
  const display = priceDisplay(product.price);
  return {
    reference: product.reference,
    name: product.name,
    description: product.description,
    link: { src: product.linkSrc },
    media: { src: product.mediaSrc },
    choice: { name: product.choice.name, synonym: product.choice.synonym },
    price_current: moneyJson(product.price.current),
    price_original: moneyJson(product.price.original),
    price_on_offer: display.onOffer,
    price_current_is_free: display.isFree,
    price_original_is_free: product.price.original.amountMinor === 0,
    tax_inclusive: product.taxInclusive,
    stock: {
      out_of_stock: product.stock.outOfStock,
      expected_date: product.stock.expectedDate,
      is_preorder: product.stock.preorderDate !== null,
      date_available_for_download: product.stock.preorderDate,
    },
  };
}

export function suiteJson(suite: ProductSuite): ProductSuiteJson {
  return {
    reference: suite.reference,
    name: suite.name,
    description: suite.description,
    is_multi_user: suite.isMultiUser,
    is_free_download: suite.isFreeDownload,
    requires_shipping: suite.requiresShipping,
    quantity_minimum: suite.quantityMinimum,
    quantity_maximum: suite.quantityMaximum,
    quantity_locked: suite.quantityLocked,
    show_choice: showsChoice(suite.products.map((product) => product.choice)),
    products: suite.products.map(productJson),
    products_included: suite.productsIncluded.map(productJson),
  };
}

export function catalogueJson(view: CatalogueView): CatalogueJson {
  return {
    country_account: view.countryAccount.code,
    currency_code: view.countryAccount.currency,
    tax_inclusive: view.countryAccount.taxInclusive,
    suites: view.suites.map(suiteJson),
  };
}
