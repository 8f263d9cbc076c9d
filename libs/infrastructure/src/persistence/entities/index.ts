import { BasketLineRecord, BasketRecord, DiscountCodeRecord } from './basket.records';
import {
  CountryAccountRecord,
  ProductPriceRecord,
  ProductRecord,
  ProductSuiteRecord,
  SuiteIncludedProductRecord,
} from './catalogue.records';

export * from './basket.records';
export * from './catalogue.records';

export const entities = [
  CountryAccountRecord,
  ProductSuiteRecord,
  ProductRecord,
  ProductPriceRecord,
  SuiteIncludedProductRecord,
  BasketRecord,
  BasketLineRecord,
  DiscountCodeRecord,
];
