import { Module } from '@nestjs/common';
import {
  BASKET_REPOSITORY,
  BasketReader,
  BILLING_REPOSITORY,
  CheckTaxId,
  CLOCK,
  DetermineGateway,
  ID_GENERATOR,
  PAYMENT_STATE_REPOSITORY,
  RetryTaxIdChecks,
  SaveBillingAddress,
  TAX_ID_CHECKER,
  type BasketRepository,
  type BillingRepository,
  type Clock,
  type IdGenerator,
  type PaymentStateRepository,
  type TaxIdChecker,
} from '@store/application';
import { parseGatewayRules } from '@store/domain';
import { BasketModule } from '../basket/basket.module';
import { AppConfig } from '../config/app-config';
import { BillingActions } from './billing-actions';
import { GatewayController } from './gateway.controller';
import { TaxIdController } from './tax-id.controller';
import { TaxIdRetryService } from './tax-id-retry.service';

@Module({
  imports: [BasketModule],
  controllers: [TaxIdController, GatewayController],
  providers: [
    {
      provide: CheckTaxId,
      useFactory: (checker: TaxIdChecker, billing: BillingRepository, clock: Clock, ids: IdGenerator) => new CheckTaxId(checker, billing, clock, ids),
      inject: [TAX_ID_CHECKER, BILLING_REPOSITORY, CLOCK, ID_GENERATOR],
    },
    {
      provide: RetryTaxIdChecks,
      useFactory: (checker: TaxIdChecker, billing: BillingRepository, clock: Clock, ids: IdGenerator) =>
        new RetryTaxIdChecks(checker, billing, clock, ids),
      inject: [TAX_ID_CHECKER, BILLING_REPOSITORY, CLOCK, ID_GENERATOR],
    },
    {
      provide: SaveBillingAddress,
      useFactory: (billing: BillingRepository, check: CheckTaxId) => new SaveBillingAddress(billing, check),
      inject: [BILLING_REPOSITORY, CheckTaxId],
    },
    {
      provide: DetermineGateway,
      useFactory: (config: AppConfig, baskets: BasketRepository, reader: BasketReader, billing: BillingRepository, states: PaymentStateRepository) => {
        const rules = parseGatewayRules(config.PAYMENT_GATEWAY_RULES);
        if (!rules.ok) throw new Error(`Invalid configuration: PAYMENT_GATEWAY_RULES: ${rules.error.message}`);
        return new DetermineGateway(rules.value, baskets, reader, billing, states);
      },
      inject: [AppConfig, BASKET_REPOSITORY, BasketReader, BILLING_REPOSITORY, PAYMENT_STATE_REPOSITORY],
    },
    BillingActions,
    TaxIdRetryService,
  ],
  exports: [BillingActions],
})
export class BillingModule {}
