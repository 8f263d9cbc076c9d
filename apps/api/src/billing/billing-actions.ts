import { Inject, Injectable } from '@nestjs/common';
import {
  BILLING_REPOSITORY,
  checkShippingInput,
  deliveryAddress,
  SaveBillingAddress,
  SHIPPING_ADDRESS_REPOSITORY,
  type BillingRepository,
  type ShippingAddressRepository,
} from '@store/application';
import { DomainError, type CheckoutAction } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { customerJson } from '../identity/identity.presenter';
import { BasketActions } from '../basket/basket-actions';
import { InvoiceAddressPayload } from './billing.dto';

/** The billing actions of the checkout data API (spec 2 §7). */
@Injectable()
export class BillingActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>> = {
    CREATE_CUSTOMER_INVOICE_ADDRESS: (body, context) => this.saveAddress(validatePayload(InvoiceAddressPayload, body), context),
  };

  constructor(
    private readonly saveBillingAddress: SaveBillingAddress,
    @Inject(BILLING_REPOSITORY) private readonly billing: BillingRepository,
    @Inject(SHIPPING_ADDRESS_REPOSITORY) private readonly shipping: ShippingAddressRepository,
    private readonly basketActions: BasketActions,
  ) {}

  private async saveAddress(payload: InvoiceAddressPayload, context: ActionContext) {
    if (!context.customer) throw new DomainError('SESSION_EXPIRED');
    // The address is the customer's, not the basket's: basket_reference only says which checkout sent it.
    const { line_1, line_2, line_3, city, county, state, postal_code, country, vat_id } = payload;
    // Where physical products go, checked before either address is saved.
    const shipping =
      payload.ship_to_billing_address === undefined && payload.shipping_address === undefined
        ? null
        : unwrap(checkShippingInput({ sameAsBilling: payload.ship_to_billing_address ?? false, address: payload.shipping_address ?? null }));
    unwrap(await this.saveBillingAddress.execute(context.customer, { line_1, line_2, line_3, city, county, state, postal_code, country, vat_id }));
    if (shipping) await this.shipping.save(context.customer.id, shipping);
    const [billing, shippingChoice] = await Promise.all([this.billing.find(context.customer.id), this.shipping.find(context.customer.id)]);
    const deliveryCountry = shipping ? deliveryAddress(shippingChoice, billing)?.country : undefined;
    if (shipping && payload.basket_reference && deliveryCountry) {
      // The basket is priced and taxed for where its posted products go, as CONFIGURE_BASKET_SHIPPING_COUNTRY
      // does. Should that fail (a basket not this shopper's, or already being ordered) the address
      // still stands: PLACE_ORDER refuses an order priced for another country than it is posted to.
      await this.basketActions.handlers.CONFIGURE_BASKET_SHIPPING_COUNTRY?.({ basketReference: payload.basket_reference, country: deliveryCountry }, context).catch(() => undefined);
    }
    return { customer: customerJson(context.customer, billing, shippingChoice) };
  }
}
