import { Module } from '@nestjs/common';
import { ProviderNotificationsModule } from '../payments/notifications/provider-notifications.module';
import { LOCAL_PAYMENT_PROVIDERS } from '../payments/local-payments/local-payments.providers';
import { BANK_DEBIT_PROVIDERS } from '../payments/bank-debits/bank-debits.providers';
import { LocalPaymentsJob } from '../payments/local-payments/local-payments.job';
import {
  BASKET_REPOSITORY,
  BasketReader,
  CHECKPOINTS,
  CLOCK,
  CUSTOMER_REPOSITORY,
  GetDownload,
  GetCreditNote,
  CREDIT_NOTE_RENDERER,
  type CreditNoteRenderer,
  GetInvoice,
  GetOrder,
  ListOrders,
  ReconcilePayments,
  CompleteLocalPayment,
  BankDebitReleases,
  LOCAL_PAYMENT_REPOSITORY,
  type LocalPaymentRepository,
  type InvoiceRenderer,
  type Checkpoints,
  type Clock,
  type CustomerRepository,
  BILLING_REPOSITORY,
  INVOICE_RENDERER,
  KEY_MATERIAL,
  ORDER_REPOSITORY,
  PAYMENT_PORTS,
  PAYMENT_STATE_REPOSITORY,
  PlaceOrder,
  OPERATIONS_EVENTS,
  type OperationsEvents,
  KeepVaultedMethod,
  SAVED_METHOD_REPOSITORY,
  SHIPPING_ADDRESS_REPOSITORY,
  type SavedMethodRepository,
  type BasketRepository,
  type BillingRepository,
  type KeyMaterial,
  type OrderRepository,
  type PaymentPorts,
  type PaymentStateRepository,
  type ShippingAddressRepository,
} from '@store/application';
import { PdfCreditNoteRenderer, PdfInvoiceRenderer, TypeOrmOrderRepository } from '@store/infrastructure';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BasketModule } from '../basket/basket.module';
import { AppConfig } from '../config/app-config';
import { OrderActions } from './order-actions';
import { PaymentReconciliationJob } from './payment-reconciliation.job';
import { DownloadsController, OrdersController } from './orders.controller';

/** Who sells, as the store's invoices and credit notes print it. */
const sellerOf = (config: AppConfig) => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS.split('|').map((line) => line.trim()),
  taxId: config.SELLER_TAX_ID ?? null,
});

@Module({
  imports: [BasketModule, ProviderNotificationsModule],
  controllers: [OrdersController, DownloadsController],
  providers: [
    { provide: ORDER_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmOrderRepository(ds), inject: [DataSource] },
    { provide: INVOICE_RENDERER, useClass: PdfInvoiceRenderer },
    { provide: ListOrders, useFactory: (orders: OrderRepository) => new ListOrders(orders), inject: [ORDER_REPOSITORY] },
    { provide: GetOrder, useFactory: (orders: OrderRepository) => new GetOrder(orders), inject: [ORDER_REPOSITORY] },
    { provide: GetDownload, useFactory: (orders: OrderRepository) => new GetDownload(orders), inject: [ORDER_REPOSITORY] },
    {
      provide: GetInvoice,
      useFactory: (orders: OrderRepository, renderer: InvoiceRenderer, config: AppConfig) => new GetInvoice(orders, renderer, sellerOf(config)),
      inject: [ORDER_REPOSITORY, INVOICE_RENDERER, AppConfig],
    },
    { provide: CREDIT_NOTE_RENDERER, useClass: PdfCreditNoteRenderer },
    {
      provide: GetCreditNote,
      useFactory: (orders: OrderRepository, customers: CustomerRepository, renderer: CreditNoteRenderer, config: AppConfig) => new GetCreditNote(orders, customers, renderer, sellerOf(config)),
      inject: [ORDER_REPOSITORY, CUSTOMER_REPOSITORY, CREDIT_NOTE_RENDERER, AppConfig],
    },
    { provide: KEY_MATERIAL, useValue: { bytes: (count: number) => randomBytes(count) } satisfies KeyMaterial },
    {
      provide: PlaceOrder,
      useFactory: (
        baskets: BasketRepository,
        reader: BasketReader,
        billing: BillingRepository,
        states: PaymentStateRepository,
        orders: OrderRepository,
        payments: PaymentPorts,
        keys: KeyMaterial,
        savedMethods: SavedMethodRepository,
        keepVaulted: KeepVaultedMethod,
        checkpoints: Checkpoints,
        shipping: ShippingAddressRepository,
        localPayments: LocalPaymentRepository,
        bankDebits: BankDebitReleases,
        clock: Clock,
        config: AppConfig,
        events: OperationsEvents,
      ) =>
        new PlaceOrder(baskets, reader, billing, states, orders, payments, keys, {
          savedMethods: { repository: savedMethods, keep: keepVaulted, clock, cvvRequired: config.BRAINTREE_SAVED_CARD_CVV },
          checkpoints,
          shipping,
          localPayments,
          bankDebits,
          events,
        }),
      inject: [
        BASKET_REPOSITORY,
        BasketReader,
        BILLING_REPOSITORY,
        PAYMENT_STATE_REPOSITORY,
        ORDER_REPOSITORY,
        PAYMENT_PORTS,
        KEY_MATERIAL,
        SAVED_METHOD_REPOSITORY,
        KeepVaultedMethod,
        CHECKPOINTS,
        SHIPPING_ADDRESS_REPOSITORY,
        LOCAL_PAYMENT_REPOSITORY,
        BankDebitReleases,
        CLOCK,
        AppConfig,
        OPERATIONS_EVENTS,
      ],
    },
    {
      provide: ReconcilePayments,
      useFactory: (orders: OrderRepository, payments: PaymentPorts, customers: CustomerRepository, keys: KeyMaterial, clock: Clock, config: AppConfig, bankDebits: BankDebitReleases) =>
        new ReconcilePayments(
          orders,
          payments,
          customers,
          keys,
          clock,
          {
            storeUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
            // Longer than any shopper's wait for an answer (the gateways' timeouts and the ledger's).
            pendingGraceMs: 10 * 60_000,
            lookbackMs: 24 * 60 * 60_000,
            batchSize: 50,
          },
          bankDebits,
        ),
      inject: [ORDER_REPOSITORY, PAYMENT_PORTS, CUSTOMER_REPOSITORY, KEY_MATERIAL, CLOCK, AppConfig, BankDebitReleases],
    },
    PaymentReconciliationJob,
    ...LOCAL_PAYMENT_PROVIDERS,
    ...BANK_DEBIT_PROVIDERS,
    OrderActions,
  ],
  exports: [OrderActions, ORDER_REPOSITORY, GetCreditNote, ReconcilePayments, PaymentReconciliationJob, LocalPaymentsJob, CompleteLocalPayment],
})
export class OrdersModule {}
