import { Inject, Injectable } from '@nestjs/common';
import { BILLING_REPOSITORY, SaveBillingAddress, type BillingRepository } from '@store/application';
import { DomainError, type CheckoutAction } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { customerJson } from '../identity/identity.presenter';
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
  ) {}

  private async saveAddress(payload: InvoiceAddressPayload, context: ActionContext) {
    if (!context.customer) throw new DomainError('SESSION_EXPIRED');
    const { basket_reference: _basket, ...address } = payload;
    unwrap(await this.saveBillingAddress.execute(context.customer, address));
    return { customer: customerJson(context.customer, await this.billing.find(context.customer.id)) };
  }
}
