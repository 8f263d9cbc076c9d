import { Injectable } from '@nestjs/common';
import { MerchantCheckout, type MorCheckout } from '@store/application';
import { DomainError, formatMoney, money, SUPPORTED_LOCALES, type CheckoutAction, type MorCheckoutJson, type MorSetupJson } from '@store/domain';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { MorAttachSourceDto, MorAttachTaxIdDto, MorCreateCheckoutDto } from './merchant-of-record.dto';

/** The checkout as the page reads it (spec 2 §7 data.checkout), its totals formatted in the page's locale. */
export function morCheckoutJson(checkout: MorCheckout, locale: string): MorCheckoutJson {
  const canonical = SUPPORTED_LOCALES.find((candidate) => candidate.urlFriendly === locale)?.canonical ?? 'en-GB';
  const amount = (minor: number) => money(minor, checkout.currency);
  const { netMinor, taxMinor, grossMinor, discountMinor } = checkout.totals;
  const json = (minor: number) => ({ amount_minor: minor, currency: checkout.currency });
  return {
    paymentSessionId: checkout.paymentSessionId,
    sellingEntityId: checkout.sellingEntityId,
    sellingEntityName: checkout.sellingEntityName,
    checkoutId: checkout.checkoutId,
    customerId: checkout.customerId,
    totalTaxBreakdown: {
      net: formatMoney(amount(netMinor), canonical),
      tax: formatMoney(amount(taxMinor), canonical),
      gross: formatMoney(amount(grossMinor), canonical),
      discount: formatMoney(amount(discountMinor), canonical),
    },
    totals: { net: json(netMinor), tax: json(taxMinor), gross: json(grossMinor), discount: json(discountMinor) },
    taxIdentifier: checkout.taxIdentifier,
  };
}

/** The merchant-of-record actions of the checkout data API (spec 2 §7). */
@Injectable()
export class MerchantOfRecordActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>> = {
    MERCHANT_OF_RECORD_CREATE_CHECKOUT: (body, context) => this.create(validatePayload(MorCreateCheckoutDto, body), context),
    MERCHANT_OF_RECORD_ATTACH_TAX_ID: (body, context) => this.attachTaxId(validatePayload(MorAttachTaxIdDto, body), context),
    MERCHANT_OF_RECORD_ATTACH_SOURCE: (body, context) => this.attachSource(validatePayload(MorAttachSourceDto, body), context),
  };

  constructor(private readonly checkouts: MerchantCheckout) {}

  private customer(context: ActionContext) {
    if (!context.customer) throw new DomainError('SESSION_EXPIRED');
    return context.customer;
  }

  private async create(payload: MorCreateCheckoutDto, context: ActionContext): Promise<MorSetupJson> {
    const locale = payload.locale ?? 'en-gb';
    const setup = unwrap(await this.checkouts.setUp(this.customer(context), payload.basketReference, locale));
    return {
      checkout: JSON.stringify(morCheckoutJson(setup.checkout, locale)),
      stale_hash: setup.staleHash,
      mor_public_api_key: setup.settings.publicApiKey,
      mor_script_url: setup.settings.scriptUrl,
      mount_timeout_ms: setup.settings.mountTimeoutMs,
      script_load_timeout_ms: setup.settings.scriptLoadTimeoutMs,
    };
  }

  private async attachTaxId(payload: MorAttachTaxIdDto, context: ActionContext) {
    const checkout = unwrap(
      await this.checkouts.attachTaxIdentifier(this.customer(context), payload.basketReference, payload.checkoutId, { type: payload.type, value: payload.taxId }),
    );
    return { checkout: JSON.stringify(morCheckoutJson(checkout, 'en-gb')) };
  }

  private async attachSource(payload: MorAttachSourceDto, context: ActionContext) {
    const source = unwrap(await this.checkouts.attachSource(this.customer(context), payload.basketReference, payload.checkoutId, payload.sourceId));
    return { paymentSource: { id: source.id } };
  }
}
