import { Module, type Provider } from '@nestjs/common';
import {
  AccountSecurity,
  BASKET_REPOSITORY,
  BasketReader,
  ClaimBasketOnSignIn,
  PAYMENT_STATE_REPOSITORY,
  ReadSession,
  type BasketRepository,
  type PaymentStateRepository,
  CLOCK,
  CredentialCheck,
  CreateCustomer,
  GetCustomerPayment,
  SAVED_METHOD_REPOSITORY,
  type SavedMethodRepository,
  MAIL_OUTBOX,
  ONE_TIME_TOKEN_REPOSITORY,
  OpenSession,
  PasswordRecovery,
  RATE_LIMITER,
  SECOND_FACTOR,
  SIGN_IN_LOCKOUTS,
  ExistenceLookupThrottle,
  SignIn,
  UpdateCustomerCategory,
  type MailOutbox,
  type OneTimeTokenRepository,
  type RateLimiter,
  type SecondFactor,
  type SignInLockouts,
  CUSTOMER_CATEGORY_REPOSITORY,
  CUSTOMER_REPOSITORY,
  ID_GENERATOR,
  PASSWORD_HASHER,
  PASSWORD_SCREEN,
  PreregisterEmail,
  RESERVED_EMAIL_REPOSITORY,
  SECRET_GENERATOR,
  SESSION_REPOSITORY,
  SESSION_SNAPSHOTS,
  SessionService,
  type SessionSnapshots,
  type Clock,
  type CustomerCategoryRepository,
  type CustomerRepository,
  type IdGenerator,
  type PasswordHasher,
  type PasswordScreen,
  type ReservedEmailRepository,
  type SecretGenerator,
  type SessionRepository,
} from '@store/application';
import { DEFAULT_LOCALE, type StoreFeature } from '@store/domain';
import { BasketModule } from '../basket/basket.module';
import { AppConfig } from '../config/app-config';
import { STORE_FEATURES_ON } from '../database/payment-adapters';
import { AuthController } from './auth.controller';
import { CompromisedPasswordController } from './compromised-password.controller';
import { MailDeliveryService } from './mail-delivery.service';
import { IdentityActions } from './identity-actions';
import { SessionController } from './session.controller';

const useCases: Provider[] = [
  {
    provide: CreateCustomer,
    useFactory: (
      customers: CustomerRepository,
      reserved: ReservedEmailRepository,
      categories: CustomerCategoryRepository,
      hasher: PasswordHasher,
      screen: PasswordScreen,
      ids: IdGenerator,
      secrets: SecretGenerator,
      sessions: SessionService,
      config: AppConfig,
    ) => new CreateCustomer(customers, reserved, categories, hasher, screen, ids, secrets, sessions, { minLength: config.PASSWORD_MIN_LENGTH }),
    inject: [
      CUSTOMER_REPOSITORY,
      RESERVED_EMAIL_REPOSITORY,
      CUSTOMER_CATEGORY_REPOSITORY,
      PASSWORD_HASHER,
      PASSWORD_SCREEN,
      ID_GENERATOR,
      SECRET_GENERATOR,
      SessionService,
      AppConfig,
    ],
  },
  {
    provide: UpdateCustomerCategory,
    useFactory: (customers: CustomerRepository, categories: CustomerCategoryRepository) => new UpdateCustomerCategory(customers, categories),
    inject: [CUSTOMER_REPOSITORY, CUSTOMER_CATEGORY_REPOSITORY],
  },
  {
    provide: ExistenceLookupThrottle,
    useFactory: (limiter: RateLimiter, clock: Clock) => new ExistenceLookupThrottle(limiter, clock),
    inject: [RATE_LIMITER, CLOCK],
  },
  {
    provide: PreregisterEmail,
    useFactory: (customers: CustomerRepository, reserved: ReservedEmailRepository, throttle: ExistenceLookupThrottle) =>
      new PreregisterEmail(customers, reserved, throttle),
    inject: [CUSTOMER_REPOSITORY, RESERVED_EMAIL_REPOSITORY, ExistenceLookupThrottle],
  },
  {
    provide: CredentialCheck,
    useFactory: (
      customers: CustomerRepository,
      hasher: PasswordHasher,
      secondFactor: SecondFactor,
      limiter: RateLimiter,
      clock: Clock,
      lockouts: SignInLockouts,
      outbox: MailOutbox,
      config: AppConfig,
    ) =>
      new CredentialCheck(customers, hasher, secondFactor, limiter, clock, lockouts, outbox, {
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        locale: DEFAULT_LOCALE.urlFriendly,
      }),
    inject: [CUSTOMER_REPOSITORY, PASSWORD_HASHER, SECOND_FACTOR, RATE_LIMITER, CLOCK, SIGN_IN_LOCKOUTS, MAIL_OUTBOX, AppConfig],
  },
  {
    provide: SignIn,
    useFactory: (check: CredentialCheck, tokens: OneTimeTokenRepository, secrets: SecretGenerator, clock: Clock) =>
      new SignIn(check, tokens, secrets, clock),
    inject: [CredentialCheck, ONE_TIME_TOKEN_REPOSITORY, SECRET_GENERATOR, CLOCK],
  },
  {
    provide: OpenSession,
    useFactory: (tokens: OneTimeTokenRepository, secrets: SecretGenerator, sessions: SessionService, clock: Clock) =>
      new OpenSession(tokens, secrets, sessions, clock),
    inject: [ONE_TIME_TOKEN_REPOSITORY, SECRET_GENERATOR, SessionService, CLOCK],
  },
  {
    provide: PasswordRecovery,
    useFactory: (
      customers: CustomerRepository,
      tokens: OneTimeTokenRepository,
      secrets: SecretGenerator,
      hasher: PasswordHasher,
      screen: PasswordScreen,
      sessions: SessionRepository,
      outbox: MailOutbox,
      limiter: RateLimiter,
      clock: Clock,
      config: AppConfig,
    ) =>
      new PasswordRecovery(customers, tokens, secrets, hasher, screen, sessions, outbox, limiter, clock, {
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        passwordMinLength: config.PASSWORD_MIN_LENGTH,
      }),
    inject: [
      CUSTOMER_REPOSITORY,
      ONE_TIME_TOKEN_REPOSITORY,
      SECRET_GENERATOR,
      PASSWORD_HASHER,
      PASSWORD_SCREEN,
      SESSION_REPOSITORY,
      MAIL_OUTBOX,
      RATE_LIMITER,
      CLOCK,
      AppConfig,
    ],
  },
  {
    provide: AccountSecurity,
    useFactory: (
      check: CredentialCheck,
      customers: CustomerRepository,
      hasher: PasswordHasher,
      screen: PasswordScreen,
      sessions: SessionRepository,
      secondFactor: SecondFactor,
      clock: Clock,
      config: AppConfig,
    ) => new AccountSecurity(check, customers, hasher, screen, sessions, secondFactor, clock, { minLength: config.PASSWORD_MIN_LENGTH }),
    inject: [CredentialCheck, CUSTOMER_REPOSITORY, PASSWORD_HASHER, PASSWORD_SCREEN, SESSION_REPOSITORY, SECOND_FACTOR, CLOCK, AppConfig],
  },
  {
    // The session's customer.payment: read from the saved methods the payments context keeps.
    provide: GetCustomerPayment,
    useFactory: (saved: SavedMethodRepository, clock: Clock) => new GetCustomerPayment(saved, clock),
    inject: [SAVED_METHOD_REPOSITORY, CLOCK],
  },
  {
    provide: ClaimBasketOnSignIn,
    useFactory: (baskets: BasketRepository) => new ClaimBasketOnSignIn(baskets),
    inject: [BASKET_REPOSITORY],
  },
  {
    provide: ReadSession,
    useFactory: (
      snapshots: SessionSnapshots,
      reader: BasketReader,
      baskets: BasketRepository,
      paymentStates: PaymentStateRepository,
      categories: CustomerCategoryRepository,
      secrets: SecretGenerator,
      clock: Clock,
      features: readonly StoreFeature[],
    ) => new ReadSession({ snapshots, reader, baskets, paymentStates, categories, secrets, clock }, features),
    inject: [SESSION_SNAPSHOTS, BasketReader, BASKET_REPOSITORY, PAYMENT_STATE_REPOSITORY, CUSTOMER_CATEGORY_REPOSITORY, SECRET_GENERATOR, CLOCK, STORE_FEATURES_ON],
  },
];

@Module({
  imports: [BasketModule],
  controllers: [SessionController, AuthController, CompromisedPasswordController],
  providers: [...useCases, MailDeliveryService, IdentityActions],
  exports: [IdentityActions],
})
export class IdentityModule {}
