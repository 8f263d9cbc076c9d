import type { Provider } from '@nestjs/common';
import { BILLING_REPOSITORY, PAYMENT_STATE_REPOSITORY, SHIPPING_ADDRESS_REPOSITORY, TAX_ID_CHECKER } from '@store/application';
import { OfflineTaxIdChecker, TypeOrmBillingRepository, TypeOrmPaymentStateRepository, TypeOrmShippingAddressRepository, ViesTaxIdChecker } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** Billing, tax ID and payment state adapters; the tax ID check is chosen by TAX_ID_CHECK. */
export const billingAdapters: Provider[] = [
  { provide: BILLING_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmBillingRepository(ds), inject: [DataSource] },
  { provide: PAYMENT_STATE_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmPaymentStateRepository(ds), inject: [DataSource] },
  { provide: SHIPPING_ADDRESS_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmShippingAddressRepository(ds), inject: [DataSource] },
  {
    provide: TAX_ID_CHECKER,
    useFactory: (config: AppConfig) =>
      config.TAX_ID_CHECK === 'vies' ? new ViesTaxIdChecker(config.VIES_URL, new OfflineTaxIdChecker()) : new OfflineTaxIdChecker(),
    inject: [AppConfig],
  },
];
