import { Inject, Injectable } from '@nestjs/common';
import { BASKET_REPOSITORY, EditBasket, EmailVerification, type BasketEdit, type BasketRepository, type BasketViewer } from '@store/application';
import { DEFAULT_LOCALE, DomainError, isCountryCode, type CheckoutAction } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import {
  ApplyDiscountPayload,
  ApplyVoucherPayload,
  ChangeChoicePayload,
  ChangeQuantityPayload,
  RemoveDiscountPayload,
  RemoveLinePayload,
  RemoveVoucherPayload,
  ShippingCountryPayload,
} from './basket-actions.dto';
import { assertBasketAccess } from './basket-access';
import { basketChangeJson } from './basket.presenter';

export function viewerOf(context: ActionContext): BasketViewer | null {
  return context.customer ? { id: context.customer.id, email: context.customer.email, emailVerified: context.customer.emailVerified } : null;
}

/** The basket actions of the checkout data API (spec 2 §7). */
@Injectable()
export class BasketActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>> = {
    CHANGE_CHOICE: (body, context) => {
      const payload = validatePayload(ChangeChoicePayload, body);
      return this.edit(payload, context, { kind: 'change-choice', lineReference: payload.lineReference, choice: payload.choice });
    },
    CHANGE_QUANTITY: (body, context) => {
      const payload = validatePayload(ChangeQuantityPayload, body);
      return this.edit(payload, context, { kind: 'change-quantity', lineReference: payload.lineReference, quantity: payload.quantity });
    },
    REMOVE_LINE: (body, context) => {
      const payload = validatePayload(RemoveLinePayload, body);
      return this.edit(payload, context, { kind: 'remove-line', lineReference: payload.lineReference });
    },
    APPLY_DISCOUNT_CODE: async (body, context) => {
      const payload = validatePayload(ApplyDiscountPayload, body);
      try {
        return await this.edit(payload, context, { kind: 'apply-discount', code: payload.code });
      } catch (error) {
        // The refusal tells the shopper a link is on its way: send it (rate limited per customer;
        // when the limit is reached the links already sent still work).
        if (error instanceof DomainError && error.errorName === 'EMAIL_VERIFICATION_REQUIRED') {
          await this.verification.send(context.customer, DEFAULT_LOCALE.urlFriendly);
        }
        throw error;
      }
    },
    REMOVE_DISCOUNT_CODE: (body, context) => this.edit(validatePayload(RemoveDiscountPayload, body), context, { kind: 'remove-discount' }),
    APPLY_VOUCHER_CODE: async (body, context) => {
      const payload = validatePayload(ApplyVoucherPayload, body);
      try {
        return await this.edit(payload, context, { kind: 'apply-voucher', code: payload.code });
      } catch (error) {
        // As for discount codes: a voucher kept for an address is spent once the address is proven.
        if (error instanceof DomainError && error.errorName === 'EMAIL_VERIFICATION_REQUIRED') {
          await this.verification.send(context.customer, DEFAULT_LOCALE.urlFriendly);
        }
        throw error;
      }
    },
    REMOVE_VOUCHER_CODE: (body, context) => this.edit(validatePayload(RemoveVoucherPayload, body), context, { kind: 'remove-voucher' }),
    CONFIGURE_BASKET_SHIPPING_COUNTRY: (body, context) => {
      const payload = validatePayload(ShippingCountryPayload, body);
      if (!isCountryCode(payload.country)) throw new DomainError('VALIDATION_FAILED', { fields: { country: ['country is not a country code'] } });
      return this.edit(payload, context, { kind: 'shipping-country', country: payload.country });
    },
  };

  constructor(
    private readonly editBasket: EditBasket,
    private readonly verification: EmailVerification,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
  ) {}

  private async edit(payload: { basketReference: string; basketStaleHash?: string }, context: ActionContext, edit: BasketEdit) {
    await assertBasketAccess(this.baskets, payload.basketReference, context.request, context.customer?.id ?? null);
    const read = unwrap(
      await this.editBasket.execute({ basketReference: payload.basketReference, staleHash: payload.basketStaleHash, viewer: viewerOf(context), edit }),
    );
    return basketChangeJson(read);
  }
}
