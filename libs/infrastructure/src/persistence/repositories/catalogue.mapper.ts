import type { TaxRates } from '@store/application';
import { money, type CatalogueProduct, type CountryAccount, type ProductPrice, type ProductSuite } from '@store/domain';
import type { CountryAccountRecord, ProductRecord, ProductSuiteRecord } from '../entities';

/** A country account; its tax rate comes from the tax port, for tax-inclusive accounts only. */
export function toCountryAccount(record: CountryAccountRecord, taxRates: TaxRates): CountryAccount {
  return {
    code: record.code,
    name: record.name,
    currency: record.currencyCode,
    taxInclusive: record.taxInclusive,
    taxRateBasisPoints: record.taxInclusive ? taxRates.standardRate(record.code) : 0,
  };
}

function toProductWithPrice(record: ProductRecord, account: CountryAccount, price: ProductPrice): CatalogueProduct {
  return {
    reference: record.reference,
    name: record.name,
    description: record.description,
    linkSrc: record.linkSrc,
    mediaSrc: record.mediaSrc,
    choice: { name: record.choiceName, synonym: record.choiceSynonym },
    price,
    taxInclusive: account.taxInclusive,
    stock: {
      outOfStock: record.outOfStock,
      expectedDate: record.stockExpectedDate,
      preorderDate: record.preorderDate,
    },
    legacy: record.legacy,
  };
}

/** A product as sold in one account; its price row for that account must be loaded. */
export function toProduct(record: ProductRecord, account: CountryAccount): CatalogueProduct {
  const price = record.prices.find((candidate) => candidate.countryAccountCode === account.code);
  if (!price) throw new Error(`Product ${record.reference} has no price in ${account.code}`);
  return toProductWithPrice(record, account, {
    current: money(price.currentMinor, account.currency),
    original: money(price.originalMinor, account.currency),
  });
}

/** A bonus product comes free with its suite; its own price here, if it has one, is the original. */
function toIncludedProduct(record: ProductRecord, account: CountryAccount): CatalogueProduct {
  const price = (record.prices ?? []).find((candidate) => candidate.countryAccountCode === account.code);
  return toProductWithPrice(record, account, {
    current: money(0, account.currency),
    original: money(price?.originalMinor ?? 0, account.currency),
  });
}

export function toSuite(record: ProductSuiteRecord, account: CountryAccount): ProductSuite {
  return {
    reference: record.reference,
    name: record.name,
    description: record.description,
    isMultiUser: record.isMultiUser,
    isFreeDownload: record.isFreeDownload,
    requiresShipping: record.requiresShipping,
    quantityMinimum: record.quantityMinimum,
    quantityMaximum: record.quantityMaximum,
    quantityLocked: record.quantityLocked,
    products: record.products.map((product) => toProduct(product, account)),
    productsIncluded: (record.included ?? []).map((included) => toIncludedProduct(included.product, account)),
  };
}
