import { Module } from '@nestjs/common';
import { BasketModule } from '../basket/basket.module';
import { IdentityModule } from '../identity/identity.module';
import { CheckoutActionsController } from './checkout-actions.controller';

/** The checkout data API: one endpoint, answered by each context's actions. */
@Module({
  imports: [IdentityModule, BasketModule],
  controllers: [CheckoutActionsController],
})
export class CheckoutModule {}
