import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CHECKPOINTS, NO_CHECKPOINTS, type Checkpoints } from '@store/application';
import { BasketModule } from './basket/basket.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { ClientErrorsModule } from './client-errors/client-errors.module';
import { AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { CheckoutModule } from './checkout/checkout.module';
import { ConsentModule } from './consent/consent.module';
import { IdentityModule } from './identity/identity.module';
import { TaxExemptionModule } from './tax-exemption/tax-exemption.module';
import { PaymentsModule } from './payments/payments.module';
import { BackOfficeModule } from './back-office/back-office.module';
import { RequestedWithGuard } from './http/requested-with.guard';
import { ObservabilityModule } from './observability/observability.module';

@Module({})
export class AppModule {
  /** `checkpoints`: where use cases may be held (tests forcing a race); none in production. */
  static forRoot(config: AppConfig, checkpoints: Checkpoints = NO_CHECKPOINTS): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        DatabaseModule.forRoot(config.DATABASE_URL, config.DATABASE_TIMEOUT_MS),
        ObservabilityModule.forRoot(config.METRICS_PORT !== undefined),
        HealthModule,
        CatalogueModule,
        BasketModule,
        IdentityModule,
        CheckoutModule,
        ConsentModule,
        TaxExemptionModule,
        PaymentsModule,
        ClientErrorsModule,
        BackOfficeModule,
      ],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: CHECKPOINTS, useValue: checkpoints },
        { provide: APP_GUARD, useClass: RequestedWithGuard },
      ],
      exports: [AppConfig, CHECKPOINTS],
    };
  }
}
