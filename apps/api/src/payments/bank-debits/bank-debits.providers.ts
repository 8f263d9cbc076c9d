import type { OnModuleInit, Provider } from '@nestjs/common';
import {
  BANK_DEBIT_REPOSITORY,
  BankDebitNotifications,
  BankDebitReleases,
  CUSTOMER_REPOSITORY,
  KEY_MATERIAL,
  ORDER_REPOSITORY,
  ProviderNotificationHandlers,
  ReconcileBankDebits,
  PAYMENT_PORTS,
  CLOCK,
  type Clock,
  type PaymentPorts,
  type BankDebitRepository,
  type CustomerRepository,
  type KeyMaterial,
  type OrderRepository,
} from '@store/application';
import { PostgresBankDebitRepository } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CARD_GATEWAY } from '@store/domain';
import { BankDebitsReconciliationJob } from './bank-debits.job';

/** Puts the settlement notifications' handlers in the register when the module starts. */
class BankDebitHandlersRegistration implements OnModuleInit {
  constructor(
    private readonly handlers: ProviderNotificationHandlers,
    private readonly notifications: BankDebitNotifications,
  ) {}

  onModuleInit(): void {
    this.handlers.register('transaction-settled', this.notifications.settled);
    this.handlers.register('transaction-settlement-declined', this.notifications.declined);
  }
}

/** The bank debits' server side: their record and release rule, and the provider's settlement notifications. */
export const BANK_DEBIT_PROVIDERS: Provider[] = [
  { provide: BANK_DEBIT_REPOSITORY, useFactory: (ds: DataSource) => new PostgresBankDebitRepository(ds), inject: [DataSource] },
  { provide: BankDebitReleases, useFactory: (debits: BankDebitRepository) => new BankDebitReleases(debits), inject: [BANK_DEBIT_REPOSITORY] },
  {
    provide: BankDebitNotifications,
    useFactory: (debits: BankDebitRepository, orders: OrderRepository, customers: CustomerRepository, keys: KeyMaterial, config: AppConfig) =>
      new BankDebitNotifications(debits, orders, customers, keys, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`),
    inject: [BANK_DEBIT_REPOSITORY, ORDER_REPOSITORY, CUSTOMER_REPOSITORY, KEY_MATERIAL, AppConfig],
  },
  {
    provide: ReconcileBankDebits,
    useFactory: (debits: BankDebitRepository, notifications: BankDebitNotifications, payments: PaymentPorts, clock: Clock) =>
      // A debit settles within days: one still pending after five business days is looked up. A
      // settled one is looked up once a day while it can still be returned (fifty a run, four runs
      // an hour: a few thousand a day before any is looked up less often).
      new ReconcileBankDebits(debits, notifications, payments[CARD_GATEWAY.key], clock, { pendingForMs: 7 * 24 * 60 * 60_000, batchSize: 50, returnCheckEveryMs: 24 * 60 * 60_000 }),
    inject: [BANK_DEBIT_REPOSITORY, BankDebitNotifications, PAYMENT_PORTS, CLOCK],
  },
  BankDebitsReconciliationJob,
  {
    provide: BankDebitHandlersRegistration,
    useFactory: (handlers: ProviderNotificationHandlers, notifications: BankDebitNotifications) => new BankDebitHandlersRegistration(handlers, notifications),
    inject: [ProviderNotificationHandlers, BankDebitNotifications],
  },
];
