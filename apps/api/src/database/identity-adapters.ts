import type { Provider } from '@nestjs/common';
import {
  CLOCK,
  MAIL_OUTBOX,
  ONE_TIME_TOKEN_REPOSITORY,
  RATE_LIMITER,
  SECOND_FACTOR,
  SIGN_IN_LOCKOUTS,
  CUSTOMER_CATEGORY_REPOSITORY,
  CUSTOMER_REPOSITORY,
  PASSWORD_HASHER,
  PASSWORD_SCREEN,
  RESERVED_EMAIL_REPOSITORY,
  SECRET_GENERATOR,
  SESSION_REPOSITORY,
  SESSION_SNAPSHOTS,
  SessionService,
  type Clock,
  type SecretGenerator,
  type SessionRepository,
} from '@store/application';
import {
  Argon2PasswordHasher,
  CryptoSecretGenerator,
  PopularPasswordScreen,
  PostgresMailOutbox,
  PostgresRateLimiter,
  PostgresSessionSnapshots,
  PwnedPasswordScreen,
  TotpSecondFactor,
  TypeOrmOneTimeTokenRepository,
  TypeOrmCustomerCategoryRepository,
  CachedCustomerCategories,
  ReferenceDataVersion,
  TypeOrmCustomerRepository,
  TypeOrmReservedEmailRepository,
  TypeOrmSessionRepository,
  TypeOrmSignInLockouts,
} from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The identity ports' adapters, and the session service every context reads the signed-in customer from. */
export const identityAdapters: Provider[] = [
  { provide: CUSTOMER_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmCustomerRepository(ds), inject: [DataSource] },
  { provide: RESERVED_EMAIL_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmReservedEmailRepository(ds), inject: [DataSource] },
  {
    provide: CUSTOMER_CATEGORY_REPOSITORY,
    useFactory: (ds: DataSource) => new CachedCustomerCategories(new TypeOrmCustomerCategoryRepository(ds), new ReferenceDataVersion(ds)),
    inject: [DataSource],
  },
  { provide: SESSION_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmSessionRepository(ds), inject: [DataSource] },
  { provide: SESSION_SNAPSHOTS, useFactory: (ds: DataSource) => new PostgresSessionSnapshots(ds), inject: [DataSource] },
  { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
  {
    provide: PASSWORD_SCREEN,
    useFactory: (config: AppConfig) =>
      config.PASSWORD_SCREEN === 'pwned' ? new PwnedPasswordScreen(config.PWNED_PASSWORDS_URL, new PopularPasswordScreen()) : new PopularPasswordScreen(),
    inject: [AppConfig],
  },
  { provide: SECRET_GENERATOR, useClass: CryptoSecretGenerator },
  { provide: ONE_TIME_TOKEN_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmOneTimeTokenRepository(ds), inject: [DataSource] },
  { provide: RATE_LIMITER, useFactory: (ds: DataSource) => new PostgresRateLimiter(ds), inject: [DataSource] },
  { provide: SIGN_IN_LOCKOUTS, useFactory: (ds: DataSource) => new TypeOrmSignInLockouts(ds), inject: [DataSource] },
  { provide: MAIL_OUTBOX, useFactory: (ds: DataSource) => new PostgresMailOutbox(ds), inject: [DataSource] },
  {
    provide: SECOND_FACTOR,
    useFactory: (ds: DataSource, secrets: SecretGenerator) => new TotpSecondFactor(ds, secrets),
    inject: [DataSource, SECRET_GENERATOR],
  },
  {
    provide: SessionService,
    useFactory: (sessions: SessionRepository, secrets: SecretGenerator, clock: Clock) => new SessionService(sessions, secrets, clock),
    inject: [SESSION_REPOSITORY, SECRET_GENERATOR, CLOCK],
  },
];
