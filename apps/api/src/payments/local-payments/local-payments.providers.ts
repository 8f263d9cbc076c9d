import type { OnModuleInit, Provider } from '@nestjs/common';
import {
  BLIK_ALIAS_REPOSITORY,
  CancelLocalPayment,
  CompleteLocalPayment,
  CUSTOMER_REPOSITORY,
  KEY_MATERIAL,
  LOCAL_PAYMENT_REPOSITORY,
  LocalPaymentNotifications,
  MAIL_OUTBOX,
  ORDER_REPOSITORY,
  PAYMENT_PORTS,
  ProviderNotificationHandlers,
  ReconcilePayments,
  type BlikAliasRepository,
  type CustomerRepository,
  type KeyMaterial,
  type LocalPaymentRepository,
  type MailOutbox,
  type OrderRepository,
  type PaymentPorts,
} from '@store/application';
import { PostgresBlikAliasRepository, PostgresLocalPaymentRepository } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { LocalPaymentsJob } from './local-payments.job';

const storeUrl = (config: AppConfig) => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/** Puts the local payment notifications' handlers in the register when the module starts. */
class LocalPaymentHandlersRegistration implements OnModuleInit {
  constructor(
    private readonly handlers: ProviderNotificationHandlers,
    private readonly notifications: LocalPaymentNotifications,
  ) {}

  onModuleInit(): void {
    this.handlers.register('local-payment-completed', this.notifications.completed);
    this.handlers.register('local-payment-expired', this.notifications.expired);
    this.handlers.register('local-payment-reversed', this.notifications.reversed);
    this.handlers.register('local-payment-funded', this.notifications.funded);
  }
}

/**
 * The local payment methods' server side: their payments, the charge of an approved one (from the
 * page or the worker), the shopper's cancel, and the provider's notifications about them.
 */
export const LOCAL_PAYMENT_PROVIDERS: Provider[] = [
  { provide: LOCAL_PAYMENT_REPOSITORY, useFactory: (ds: DataSource) => new PostgresLocalPaymentRepository(ds), inject: [DataSource] },
  { provide: BLIK_ALIAS_REPOSITORY, useFactory: (ds: DataSource) => new PostgresBlikAliasRepository(ds), inject: [DataSource] },
  {
    provide: CompleteLocalPayment,
    useFactory: (orders: OrderRepository, localPayments: LocalPaymentRepository, payments: PaymentPorts, customers: CustomerRepository, keys: KeyMaterial, config: AppConfig) =>
      new CompleteLocalPayment(orders, localPayments, payments, customers, keys, {
        storeUrl: storeUrl(config),
        // Longer than the payment ledger's own wait for a charge's answer.
        staleAfterMs: 2 * 60_000,
      }),
    inject: [ORDER_REPOSITORY, LOCAL_PAYMENT_REPOSITORY, PAYMENT_PORTS, CUSTOMER_REPOSITORY, KEY_MATERIAL, AppConfig],
  },
  {
    provide: CancelLocalPayment,
    useFactory: (orders: OrderRepository, localPayments: LocalPaymentRepository, reconcile: ReconcilePayments) => new CancelLocalPayment(orders, localPayments, reconcile),
    inject: [ORDER_REPOSITORY, LOCAL_PAYMENT_REPOSITORY, ReconcilePayments],
  },
  {
    provide: LocalPaymentNotifications,
    useFactory: (localPayments: LocalPaymentRepository, orders: OrderRepository, customers: CustomerRepository, mail: MailOutbox, reconcile: ReconcilePayments, config: AppConfig, aliases: BlikAliasRepository) =>
      new LocalPaymentNotifications(localPayments, orders, customers, mail, reconcile, storeUrl(config), aliases),
    inject: [LOCAL_PAYMENT_REPOSITORY, ORDER_REPOSITORY, CUSTOMER_REPOSITORY, MAIL_OUTBOX, ReconcilePayments, AppConfig, BLIK_ALIAS_REPOSITORY],
  },
  {
    provide: LocalPaymentHandlersRegistration,
    useFactory: (handlers: ProviderNotificationHandlers, notifications: LocalPaymentNotifications) => new LocalPaymentHandlersRegistration(handlers, notifications),
    inject: [ProviderNotificationHandlers, LocalPaymentNotifications],
  },
  LocalPaymentsJob,
];
