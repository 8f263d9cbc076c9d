import { BasketLineRecord, BasketRecord, DiscountCodeRecord } from './basket.records';
import {
  CountryAccountRecord,
  ProductPriceRecord,
  ProductRecord,
  ProductSuiteRecord,
  SuiteIncludedProductRecord,
} from './catalogue.records';
import { CustomerCategoryRecord, CustomerRecord, SessionRecord } from './identity.records';
import { VoucherRecord } from './voucher.records';

export * from './basket.records';
export * from './identity.records';
export * from './catalogue.records';
export * from './voucher.records';

export const entities = [
  CountryAccountRecord,
  ProductSuiteRecord,
  ProductRecord,
  ProductPriceRecord,
  SuiteIncludedProductRecord,
  BasketRecord,
  BasketLineRecord,
  DiscountCodeRecord,
  VoucherRecord,
  CustomerRecord,
  CustomerCategoryRecord,
  SessionRecord,
];
