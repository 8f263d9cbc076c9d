import { Module } from '@nestjs/common';
import { BasketModule } from '../basket/basket.module';
import { BillingModule } from '../billing/billing.module';
import { OrdersModule } from '../orders/orders.module';
import { IdentityModule } from '../identity/identity.module';
import { PaymentsModule } from '../payments/payments.module';
import { CheckoutActionsController } from './checkout-actions.controller';

/** The checkout data API: one endpoint, answered by each context's actions. */
@Module({
  imports: [IdentityModule, BasketModule, BillingModule, OrdersModule, PaymentsModule],
  controllers: [CheckoutActionsController],
})
export class CheckoutModule {}
