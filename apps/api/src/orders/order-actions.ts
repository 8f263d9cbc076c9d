import { Inject, Injectable, Logger } from '@nestjs/common';
import { PlaceOrder, type ShownBillingAddress } from '@store/application';
import { checkPlaceOrderFields, DomainError, type CheckoutAction } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { AppConfig } from '../config/app-config';
import { basketRefForLog } from '../http/logging';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { PlaceOrderPayload, type ShownBillingAddressPayload } from './orders.dto';

const shownAddress = (a: ShownBillingAddressPayload): ShownBillingAddress => ({
  line1: a.line_1,
  line2: a.line_2,
  line3: a.line_3,
  city: a.city,
  county: a.county,
  state: a.state,
  postalCode: a.postal_code,
  country: a.country,
  vatId: a.vat_id,
});

/** PLACE_ORDER (spec 2 §7): on success data.redirect, the order confirmation page. */
@Injectable()
export class OrderActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>> = {
    PLACE_ORDER: (body, context) => this.place(validatePayload(PlaceOrderPayload, body), context),
  };

  private readonly logger = new Logger('PlaceOrder');

  constructor(
    private readonly placeOrder: PlaceOrder,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private async place(payload: PlaceOrderPayload, context: ActionContext) {
    const customer = context.customer;
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    if (payload.customer_public_id !== undefined && payload.customer_public_id !== customer.publicId) throw new DomainError('SESSION_EXPIRED');
    // A paid order without what its gateway charges with is refused before an order is reserved for it.
    const paymentToken = payload.token || payload.source_id || null;
    unwrap(checkPlaceOrderFields(payload.gateway, { paymentToken, checkoutId: payload.checkout_id ?? null }));
    const result = await this.placeOrder.execute({
      customer,
      basketReference: payload.basket_reference_id,
      basketStaleHash: payload.basket_stale_hash,
      gateway: payload.gateway,
      paymentToken,
      deviceData: payload.bt_device_data ?? null,
      checkoutId: payload.checkout_id ?? null,
      existingOrderNumber: payload.existing_order_number ?? null,
      shownAmount: payload.amount ?? null,
      withdrawalConsent: payload.withdrawal_consent === true,
      vaultPaymentMethod: payload.vault_payment_method === true,
      shownBillingAddress: payload.billing_address ? shownAddress(payload.billing_address) : null,
      updateShippingAddress: payload.update_shipping_address === true,
      locale: payload.locale ?? 'en-gb',
      storeUrl: this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`,
    });
    if (!result.ok) {
      // Each failure keeps its own code and reason in the log, whatever the shopper is shown.
      this.logger.warn(
        { customer: customer.publicId, basket: basketRefForLog(payload.basket_reference_id), code: result.error.code, reason: result.error.errorName, ...result.error.data },
        'Order not placed',
      );
    }
    const placed = unwrap(result);
    return { redirect: placed.redirect, order_number: placed.order.number };
  }
}
