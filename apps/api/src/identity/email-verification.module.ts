import { Module } from '@nestjs/common';
import {
  CLOCK,
  CUSTOMER_REPOSITORY,
  EMAIL_VERIFICATION_STORE,
  EmailVerification,
  MAIL_OUTBOX,
  ONE_TIME_TOKEN_REPOSITORY,
  RATE_LIMITER,
  SECRET_GENERATOR,
  type Clock,
  type CustomerRepository,
  type EmailVerificationStore,
  type MailOutbox,
  type OneTimeTokenRepository,
  type RateLimiter,
  type SecretGenerator,
} from '@store/application';
import { TypeOrmEmailVerificationStore } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { EmailVerificationController } from './email-verification.controller';

/** Its own module: the basket's actions send a link too, and the identity module already imports the basket's. */
@Module({
  controllers: [EmailVerificationController],
  providers: [
    { provide: EMAIL_VERIFICATION_STORE, useFactory: (dataSource: DataSource) => new TypeOrmEmailVerificationStore(dataSource), inject: [DataSource] },
    {
      provide: EmailVerification,
      useFactory: (
        customers: CustomerRepository,
        tokens: OneTimeTokenRepository,
        secrets: SecretGenerator,
        outbox: MailOutbox,
        limiter: RateLimiter,
        store: EmailVerificationStore,
        clock: Clock,
        config: AppConfig,
      ) => new EmailVerification(customers, tokens, secrets, outbox, limiter, store, clock, { publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` }),
      inject: [CUSTOMER_REPOSITORY, ONE_TIME_TOKEN_REPOSITORY, SECRET_GENERATOR, MAIL_OUTBOX, RATE_LIMITER, EMAIL_VERIFICATION_STORE, CLOCK, AppConfig],
    },
  ],
  exports: [EmailVerification],
})
export class EmailVerificationModule {}
