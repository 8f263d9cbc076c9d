import { BasketReader } from '@store/application';
import { TypeOrmBasketRepository } from '../persistence/repositories/typeorm-basket.repository';
import { TypeOrmBillingRepository } from '../persistence/repositories/typeorm-billing.repository';
import { TypeOrmCatalogueRepository } from '../persistence/repositories/typeorm-catalogue.repository';
import { TypeOrmDiscountRepository } from '../persistence/repositories/typeorm-discount.repository';
import { TypeOrmOrderRepository } from '../persistence/repositories/typeorm-order.repository';
import { TypeOrmPaymentStateRepository } from '../persistence/repositories/typeorm-payment-state.repository';
import { TypeOrmShippingAddressRepository } from '../persistence/repositories/typeorm-shipping-address.repository';
import { TypeOrmVoucherRepository } from '../persistence/repositories/typeorm-voucher.repository';
import { SystemClock } from '../system/system-ports';
import { FileTaxRates } from '../tax/file-tax-rates';
import type { TestDatabase } from './test-database';

/**
 * The repositories an order is placed with, on a test database, and the basket reader the API
 * builds over them (discounts, vouchers and destination tax included), for the storage tests of
 * order placement.
 */
export function orderStorage(db: TestDatabase) {
  const baskets = new TypeOrmBasketRepository(db.dataSource);
  const vouchers = new TypeOrmVoucherRepository(db.dataSource);
  const billing = new TypeOrmBillingRepository(db.dataSource);
  const reader = () => {
    const catalogue = new TypeOrmCatalogueRepository(db.dataSource, new FileTaxRates());
    return new BasketReader(catalogue, catalogue, baskets, new TypeOrmDiscountRepository(db.dataSource), new SystemClock(), vouchers, new FileTaxRates(), billing);
  };
  return {
    baskets,
    billing,
    states: new TypeOrmPaymentStateRepository(db.dataSource),
    orders: new TypeOrmOrderRepository(db.dataSource),
    shipping: new TypeOrmShippingAddressRepository(db.dataSource),
    vouchers,
    reader,
  };
}
