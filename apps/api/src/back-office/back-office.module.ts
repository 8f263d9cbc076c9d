import { Module, type OnModuleInit } from '@nestjs/common';
import {
  Attention,
  ATTENTION_ACTIONS,
  AUDIT_LOG,
  BACK_OFFICE_READS,
  CLOCK,
  CUSTOMER_REPOSITORY,
  DISPUTE_GATEWAY,
  DISPUTE_STORE,
  DisputeNotifications,
  HandleDispute,
  ID_GENERATOR,
  MAIL_OUTBOX,
  ManageOperators,
  OPERATOR_AUTHENTICATOR,
  OPERATOR_DIRECTORY,
  OPERATOR_SESSIONS,
  OperatorAccess,
  ORDER_REPOSITORY,
  OrderSupport,
  PASSWORD_HASHER,
  PRODUCT_KEY_REISSUE,
  ProviderNotificationHandlers,
  ReadOrderForStaff,
  ReconcilePayments,
  REFUND_GATEWAYS,
  REFUND_LEDGER,
  RefundOrder,
  SECRET_GENERATOR,
  type AttentionActions,
  type AuditLog,
  type BackOfficeReads,
  type Clock,
  type CustomerRepository,
  type DisputeGateway,
  type DisputeStore,
  type IdGenerator,
  type MailOutbox,
  type OperatorAuthenticator,
  type OperatorDirectory,
  type OperatorSessions,
  type OrderRepository,
  type PasswordHasher,
  type ProductKeyReissue,
  type RefundGateways,
  type RefundLedger,
  type SecretGenerator,
} from '@store/application';
import {
  OtplibOperatorAuthenticator,
  PostgresAttentionActions,
  PostgresAuditLog,
  PostgresBackOfficeReads,
  PostgresDisputeStore,
  PostgresOperatorDirectory,
  PostgresOperatorSessions,
  PostgresProductKeyReissue,
  PostgresRefundLedger,
} from '@store/infrastructure';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OrdersModule } from '../orders/orders.module';
import { ProviderNotificationsModule } from '../payments/notifications/provider-notifications.module';
import { AttentionController, AuditController, OperatorsController, OperatorSessionController, StaffDisputesController, StaffOrdersController } from './back-office.controllers';
import { OperatorGuard } from './operator.guard';
import { RefundsJob } from './refunds.job';
import { CapturesJob } from './captures.job';
import { BACK_OFFICE_GATEWAYS } from './back-office-gateways';

const storeUrl = (config: AppConfig) => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const keyMaterial = { bytes: (count: number) => randomBytes(count) };

/** Puts the dispute notifications' handler in the register for every dispute kind, when the module starts. */
class DisputeHandlersRegistration implements OnModuleInit {
  constructor(
    private readonly handlers: ProviderNotificationHandlers,
    private readonly disputes: DisputeNotifications,
  ) {}

  onModuleInit(): void {
    for (const kind of ['dispute-opened', 'dispute-accepted', 'dispute-disputed', 'dispute-won', 'dispute-lost', 'dispute-expired'] as const) this.handlers.register(kind, this.disputes);
  }
}

/**
 * The back office: staff accounts and sessions, the audit log, order look-up, refunds, receipts
 * and keys, disputes, and the lists of what needs a person. Its routes live under /data/admin/
 * and answer only a staff session (operator.guard.ts).
 */
@Module({
  imports: [OrdersModule, ProviderNotificationsModule],
  controllers: [OperatorSessionController, StaffOrdersController, StaffDisputesController, AttentionController, OperatorsController, AuditController],
  providers: [
    { provide: OPERATOR_DIRECTORY, useFactory: (ds: DataSource) => new PostgresOperatorDirectory(ds), inject: [DataSource] },
    { provide: OPERATOR_SESSIONS, useFactory: (ds: DataSource) => new PostgresOperatorSessions(ds), inject: [DataSource] },
    { provide: OPERATOR_AUTHENTICATOR, useClass: OtplibOperatorAuthenticator },
    { provide: AUDIT_LOG, useFactory: (ds: DataSource) => new PostgresAuditLog(ds), inject: [DataSource] },
    { provide: BACK_OFFICE_READS, useFactory: (ds: DataSource) => new PostgresBackOfficeReads(ds), inject: [DataSource] },
    { provide: REFUND_LEDGER, useFactory: (ds: DataSource) => new PostgresRefundLedger(ds), inject: [DataSource] },
    { provide: DISPUTE_STORE, useFactory: (ds: DataSource) => new PostgresDisputeStore(ds), inject: [DataSource] },
    { provide: PRODUCT_KEY_REISSUE, useFactory: (ds: DataSource) => new PostgresProductKeyReissue(ds), inject: [DataSource] },
    { provide: ATTENTION_ACTIONS, useFactory: (ds: DataSource) => new PostgresAttentionActions(ds), inject: [DataSource] },
    ...BACK_OFFICE_GATEWAYS,
    {
      provide: OperatorAccess,
      useFactory: (directory: OperatorDirectory, sessions: OperatorSessions, authenticator: OperatorAuthenticator, hasher: PasswordHasher, secrets: SecretGenerator, audit: AuditLog, clock: Clock) =>
        new OperatorAccess(directory, sessions, authenticator, hasher, secrets, audit, clock),
      inject: [OPERATOR_DIRECTORY, OPERATOR_SESSIONS, OPERATOR_AUTHENTICATOR, PASSWORD_HASHER, SECRET_GENERATOR, AUDIT_LOG, CLOCK],
    },
    {
      provide: ManageOperators,
      useFactory: (directory: OperatorDirectory, authenticator: OperatorAuthenticator, hasher: PasswordHasher, secrets: SecretGenerator, audit: AuditLog) =>
        new ManageOperators(directory, authenticator, hasher, secrets, audit),
      inject: [OPERATOR_DIRECTORY, OPERATOR_AUTHENTICATOR, PASSWORD_HASHER, SECRET_GENERATOR, AUDIT_LOG],
    },
    {
      provide: ReadOrderForStaff,
      useFactory: (reads: BackOfficeReads, orders: OrderRepository) => new ReadOrderForStaff(reads, orders),
      inject: [BACK_OFFICE_READS, ORDER_REPOSITORY],
    },
    {
      provide: RefundOrder,
      useFactory: (orders: OrderRepository, ledger: RefundLedger, gateways: RefundGateways, customers: CustomerRepository, ids: IdGenerator, audit: AuditLog, config: AppConfig) =>
        new RefundOrder(orders, ledger, gateways, customers, ids, audit, {
          storeUrl: storeUrl(config),
          // Longer than either gateway's own timeout: a claim this old lost its caller.
          staleClaimMs: Math.max(config.BRAINTREE_TIMEOUT_MS, config.DIGITAL_RIVER_TIMEOUT_MS) + 10_000,
        }),
      inject: [ORDER_REPOSITORY, REFUND_LEDGER, REFUND_GATEWAYS, CUSTOMER_REPOSITORY, ID_GENERATOR, AUDIT_LOG, AppConfig],
    },
    {
      provide: OrderSupport,
      useFactory: (orders: OrderRepository, customers: CustomerRepository, mail: MailOutbox, reissues: ProductKeyReissue, audit: AuditLog, config: AppConfig) =>
        new OrderSupport(orders, customers, mail, keyMaterial, reissues, audit, storeUrl(config)),
      inject: [ORDER_REPOSITORY, CUSTOMER_REPOSITORY, MAIL_OUTBOX, PRODUCT_KEY_REISSUE, AUDIT_LOG, AppConfig],
    },
    {
      provide: DisputeNotifications,
      useFactory: (disputes: DisputeStore, orders: OrderRepository, customers: CustomerRepository, config: AppConfig) => new DisputeNotifications(disputes, orders, customers, storeUrl(config)),
      inject: [DISPUTE_STORE, ORDER_REPOSITORY, CUSTOMER_REPOSITORY, AppConfig],
    },
    {
      provide: HandleDispute,
      useFactory: (disputes: DisputeStore, gateway: DisputeGateway | null, ids: IdGenerator, audit: AuditLog, clock: Clock) => new HandleDispute(disputes, gateway, ids, audit, clock),
      inject: [DISPUTE_STORE, DISPUTE_GATEWAY, ID_GENERATOR, AUDIT_LOG, CLOCK],
    },
    {
      provide: Attention,
      useFactory: (reads: BackOfficeReads, actions: AttentionActions, reconcile: ReconcilePayments, refunds: RefundOrder, audit: AuditLog, clock: Clock) =>
        // Pending orders are listed once reconciliation has had its own window (10 minutes) and more.
        new Attention(reads, actions, reconcile, refunds, audit, clock, 30 * 60_000),
      inject: [BACK_OFFICE_READS, ATTENTION_ACTIONS, ReconcilePayments, RefundOrder, AUDIT_LOG, CLOCK],
    },
    { provide: DisputeHandlersRegistration, useFactory: (handlers: ProviderNotificationHandlers, disputes: DisputeNotifications) => new DisputeHandlersRegistration(handlers, disputes), inject: [ProviderNotificationHandlers, DisputeNotifications] },
    OperatorGuard,
    RefundsJob,
    CapturesJob,
  ],
  exports: [ManageOperators, RefundsJob, CapturesJob],
})
export class BackOfficeModule {}
