import { Module, type Provider } from '@nestjs/common';
import {
  CLOCK,
  CreateCustomer,
  CUSTOMER_CATEGORY_REPOSITORY,
  CUSTOMER_REPOSITORY,
  ID_GENERATOR,
  PASSWORD_HASHER,
  PASSWORD_SCREEN,
  PreregisterEmail,
  RESERVED_EMAIL_REPOSITORY,
  SECRET_GENERATOR,
  SESSION_REPOSITORY,
  SessionService,
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
import {
  Argon2PasswordHasher,
  CryptoSecretGenerator,
  PopularPasswordScreen,
  TypeOrmCustomerCategoryRepository,
  TypeOrmCustomerRepository,
  TypeOrmReservedEmailRepository,
  TypeOrmSessionRepository,
} from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { BasketModule } from '../basket/basket.module';
import { CheckoutActionsController } from './checkout-actions.controller';
import { SessionController } from './session.controller';

const adapters: Provider[] = [
  { provide: CUSTOMER_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmCustomerRepository(ds), inject: [DataSource] },
  { provide: RESERVED_EMAIL_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmReservedEmailRepository(ds), inject: [DataSource] },
  { provide: CUSTOMER_CATEGORY_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmCustomerCategoryRepository(ds), inject: [DataSource] },
  { provide: SESSION_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmSessionRepository(ds), inject: [DataSource] },
  { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
  { provide: PASSWORD_SCREEN, useFactory: () => new PopularPasswordScreen() },
  { provide: SECRET_GENERATOR, useClass: CryptoSecretGenerator },
];

const useCases: Provider[] = [
  {
    provide: SessionService,
    useFactory: (sessions: SessionRepository, customers: CustomerRepository, secrets: SecretGenerator, clock: Clock) =>
      new SessionService(sessions, customers, secrets, clock),
    inject: [SESSION_REPOSITORY, CUSTOMER_REPOSITORY, SECRET_GENERATOR, CLOCK],
  },
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
    ) => new CreateCustomer(customers, reserved, categories, hasher, screen, ids, secrets, sessions),
    inject: [
      CUSTOMER_REPOSITORY,
      RESERVED_EMAIL_REPOSITORY,
      CUSTOMER_CATEGORY_REPOSITORY,
      PASSWORD_HASHER,
      PASSWORD_SCREEN,
      ID_GENERATOR,
      SECRET_GENERATOR,
      SessionService,
    ],
  },
  {
    provide: PreregisterEmail,
    useFactory: (customers: CustomerRepository, reserved: ReservedEmailRepository) => new PreregisterEmail(customers, reserved),
    inject: [CUSTOMER_REPOSITORY, RESERVED_EMAIL_REPOSITORY],
  },
];

@Module({
  imports: [BasketModule],
  controllers: [CheckoutActionsController, SessionController],
  providers: [...adapters, ...useCases],
  exports: [SessionService],
})
export class IdentityModule {}
