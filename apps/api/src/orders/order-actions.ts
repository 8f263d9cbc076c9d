import { Inject, Injectable, Logger } from '@nestjs/common';
import { CancelLocalPayment, CompleteLocalPayment, PlaceOrder, type PlaceOrderCommand, type ShownBillingAddress } from '@store/application';
import { checkPlaceOrderFields, DomainError, type Result, isLocalPaymentMethod, METHOD_NOT_AVAILABLE, type CheckoutAction, type Customer, type StoreFeature } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { AppConfig } from '../config/app-config';
import { STORE_FEATURES_ON } from '../database/payment-adapters';
import { basketRefForLog } from '../http/logging';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { CancelLocalPaymentPayload, PlaceOrderPayload, StartLocalPaymentPayload, type ShownBillingAddressPayload } from './orders.dto';

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

/**
 * PLACE_ORDER (spec 2 §7): on success data.redirect, the order confirmation page. And the local
 * payment methods' two of our own: START_LOCAL_PAYMENT reserves the order when the provider's flow
 * starts, CANCEL_LOCAL_PAYMENT gives one up; their PLACE_ORDER charges the nonce the flow gave.
 */
@Injectable()
export class OrderActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>> = {
    PLACE_ORDER: (body, context) => this.place(validatePayload(PlaceOrderPayload, body), context),
    START_LOCAL_PAYMENT: (body, context) => this.startLocal(validatePayload(StartLocalPaymentPayload, body), context),
    CANCEL_LOCAL_PAYMENT: async (body, context) => {
      const payload = validatePayload(CancelLocalPaymentPayload, body);
      const customer = this.customerOf({}, context);
      unwrap(await this.cancelLocalPayment.execute(customer, payload.order_number));
      // Why the page gave it up (cancelled, window closed, provider failure, too long): for operations.
      this.logger.log({ customer: customer.publicId, order: payload.order_number, reason: payload.reason }, 'Local payment given up');
      return {};
    },
  };

  private readonly logger = new Logger('PlaceOrder');

  constructor(
    private readonly placeOrder: PlaceOrder,
    private readonly completeLocalPayment: CompleteLocalPayment,
    private readonly cancelLocalPayment: CancelLocalPayment,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(STORE_FEATURES_ON) private readonly features: readonly StoreFeature[],
  ) {}

  private customerOf(payload: { customer_public_id?: string }, context: ActionContext): Customer {
    const customer = context.customer;
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    if (payload.customer_public_id !== undefined && payload.customer_public_id !== customer.publicId) throw new DomainError('SESSION_EXPIRED');
    return customer;
  }

  private async place(payload: PlaceOrderPayload, context: ActionContext) {
    const customer = this.customerOf(payload, context);
    // A paid order without what its gateway charges with is refused before an order is reserved for it.
    const paymentToken = payload.token || payload.source_id || null;
    // A saved method is paid by the store's reference, which stands where a token goes.
    unwrap(checkPlaceOrderFields(payload.gateway, { paymentToken: paymentToken ?? payload.saved_method ?? null, checkoutId: payload.checkout_id ?? null }));
    // A local payment's nonce (the provider's window approved it) pays the order its start reserved.
    if (payload.payment_method_type && isLocalPaymentMethod(payload.payment_method_type)) {
      if (!payload.existing_order_number || !paymentToken) throw new DomainError('REQUIRED_FIELDS_MISSING');
      const placed = this.logged(customer, payload, await this.completeLocalPayment.byPage(customer, payload.existing_order_number, paymentToken));
      return { redirect: placed.redirect, order_number: placed.order.number };
    }
    const placed = this.logged(customer, payload, await this.placeOrder.execute(this.commandOf(customer, payload, paymentToken)));
    return { redirect: placed.redirect, order_number: placed.order.number };
  }

  private async startLocal(payload: StartLocalPaymentPayload, context: ActionContext) {
    const customer = this.customerOf(payload, context);
    // Required here: the field is optional on PLACE_ORDER, whose check this payload inherits.
    if (!isLocalPaymentMethod(payload.payment_method_type ?? '')) {
      throw new DomainError('VALIDATION_FAILED', { fields: { payment_method_type: [METHOD_NOT_AVAILABLE] } });
    }
    const command: PlaceOrderCommand = {
      ...this.commandOf(customer, payload, null),
      localPayment: { paymentId: payload.payment_id, method: payload.payment_method_type, features: this.features },
    };
    const placed = this.logged(customer, payload, await this.placeOrder.execute(command));
    return { redirect: placed.redirect, order_number: placed.order.number };
  }

  private commandOf(customer: Customer, payload: PlaceOrderPayload, paymentToken: string | null): PlaceOrderCommand {
    return {
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
      savedMethod: payload.saved_method ?? null,
      paymentMethod: payload.payment_method_type ?? null,
      savedCardCvvToken: payload.saved_card_cvv_token ?? null,
      shownBillingAddress: payload.billing_address ? shownAddress(payload.billing_address) : null,
      updateShippingAddress: payload.update_shipping_address === true,
      locale: payload.locale ?? 'en-gb',
      storeUrl: this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`,
      featuresOn: this.features,
    };
  }

  /** The placement's result, its failure logged with its own code and reason whatever the shopper is shown. */
  private logged<T>(customer: Customer, payload: PlaceOrderPayload, result: Result<T, DomainError>): T {
    if (!result.ok) {
      // Each failure keeps its own code and reason in the log, whatever the shopper is shown.
      this.logger.warn(
        { customer: customer.publicId, basket: basketRefForLog(payload.basket_reference_id), code: result.error.code, reason: result.error.errorName, ...result.error.data },
        'Order not placed',
      );
    }
    return unwrap(result);
  }
}
