import { compactTaxId, DomainError, err, MERCHANT_OF_RECORD_GATEWAY, ok, type Customer, type Result } from '@store/domain';
import type { BasketReader } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingRepository } from '../billing/billing.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import { deliveryAddress, type ShippingAddressRepository } from '../billing/shipping.ports';
import type { FileStorage } from '../tax-exemption/tax-exemption.ports';
import type { MerchantOfRecordPort, MerchantOfRecordSettings, MorCheckout, MorTaxCertificate } from './merchant-of-record.ports';

/** The basket's certificate given at the exemption step (issue 6), still unused by an order. */
export interface BasketCertificate {
  readonly id: string;
  readonly taxAuthority: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly storageKey: string;
}
export interface BasketCertificates {
  forBasket(basketReference: string, customerId: string): Promise<BasketCertificate | null>;
}

export interface MerchantCheckoutSetup {
  readonly checkout: MorCheckout;
  readonly staleHash: string;
  readonly settings: MerchantOfRecordSettings;
}

export function providerLocale(storeLocale: string): string {
  const [language, region] = storeLocale.split(/[-_]/);
  return region ? `${language.toLowerCase()}_${region.toUpperCase()}` : language.toLowerCase();
}

/** A provider that could not be reached or failed: the page's 'problem obtaining payment methods' (spec 2 §8). */
const unavailable = (error: unknown): DomainError => (error instanceof DomainError ? error : new DomainError('PAYMENT_METHODS_UNAVAILABLE'));

/**
 * Setup payment for the merchant-of-record gateway (spec 2 §4, §7 MERCHANT_OF_RECORD_CREATE_CHECKOUT,
 * create-and-attach tax id, attach payment source). A checkout belongs to one version of the basket:
 * asked again for the same version it is the same checkout; any basket or billing change deleted it
 * with the rest of the payment state, so the next set-up makes a fresh one.
 */
export class MerchantCheckout {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
    private readonly billing: BillingRepository,
    private readonly paymentStates: PaymentStateRepository,
    private readonly certificates: BasketCertificates,
    private readonly files: FileStorage,
    private readonly provider: MerchantOfRecordPort | null,
    private readonly settings: MerchantOfRecordSettings | null,
    /** Where posted products go; without it a checkout is taxed by the billing address alone. */
    private readonly shipping: ShippingAddressRepository | null = null,
  ) {}

  async setUp(customer: Customer, basketReference: string, locale: string): Promise<Result<MerchantCheckoutSetup, DomainError>> {
    const basket = await this.baskets.find(basketReference);
    if (!basket || basket.customerId !== customer.id) return err(new DomainError('BASKET_NOT_FOUND'));
    if (!this.provider || !this.settings || (await this.paymentStates.gatewayOf(basketReference)) !== MERCHANT_OF_RECORD_GATEWAY.key) {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
    // The same checkout for the same basket version, unless an exemption certificate was given since.
    const certificate = customer.accountType === 'personal' ? null : await this.certificates.forBasket(basketReference, customer.id);
    // The page pays with this hash: the basket's as priced now (the provider's tax is bound by the checkout).
    const read = await this.reader.read(basket, { id: customer.id, email: customer.email, emailVerified: customer.emailVerified });
    if (!read.ok) return read;
    const { view } = read.value;
    // The reseller charges its own total, which our voucher cannot pay: said now, before any card is typed.
    if (view.appliedVoucher) return err(new DomainError('VOUCHER_NOT_ACCEPTED'));
    const existing = await this.paymentStates.checkoutOf(basketReference);
    if (existing && (existing.taxCertificateId ?? null) === (certificate?.id ?? null)) return ok({ checkout: existing, staleHash: view.staleHash, settings: this.settings });

    const address = await this.billing.find(customer.id);
    if (!address) return err(new DomainError('BILLING_ADDRESS_REQUIRED'));
    let checkout: MorCheckout;
    try {
      checkout = await this.provider.createCheckout({
        storeCustomerId: customer.id,
        email: customer.email,
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        organization: customer.accountName,
        customerType: customer.accountType === 'personal' ? 'individual' : 'business',
        // The provider's locales are language_COUNTRY (en_GB); the store's are en-gb.
        locale: providerLocale(locale),
        currency: view.countryAccount.currency,
        taxInclusive: view.countryAccount.taxInclusive,
        billingAddress: address,
        // A posted product is taxed where it is delivered (US sales tax by the ship-to state).
        shippingAddress: view.flags.shippingIsRequired ? deliveryAddress((await this.shipping?.find(customer.id)) ?? null, address) : null,
        items: view.lines.map(({ line, product, total, discount }) => ({
          productReference: product.reference,
          name: product.name,
          quantity: line.quantity,
          amountMinor: total.amountMinor - discount.amountMinor,
        })),
        taxCertificate: certificate ? await this.certificateFile(certificate, customer) : null,
      });
      checkout = { ...checkout, taxCertificateId: certificate?.id ?? null };
    } catch (error) {
      return err(unavailable(error));
    }
    // Kept only while the basket is still at the version priced here; a basket that moved on asks again.
    if (!(await this.paymentStates.saveCheckout(basketReference, basket.version, checkout))) return err(new DomainError('BASKET_STALE'));
    return ok({ checkout, staleHash: view.staleHash, settings: this.settings });
  }

  async attachTaxIdentifier(customer: Customer, basketReference: string, checkoutId: string, taxIdentifier: { readonly type: string; readonly value: string }) {
    const current = await this.currentCheckout(customer, basketReference, checkoutId);
    if (!current.ok) return current;
    const basket = current.value.basket;
    try {
      // The provider matches the number as its authority writes it, not as the shopper grouped it.
      const repriced = await (this.provider as MerchantOfRecordPort).attachTaxIdentifier(checkoutId, { type: taxIdentifier.type, value: compactTaxId(taxIdentifier.value) });
      const checkout = { ...repriced, taxCertificateId: current.value.checkout.taxCertificateId ?? null };
      if (!(await this.paymentStates.saveCheckout(basketReference, basket.version, checkout))) return err(new DomainError('BASKET_STALE'));
      return ok(checkout);
    } catch (error) {
      return err(unavailable(error));
    }
  }

  async attachSource(customer: Customer, basketReference: string, checkoutId: string, sourceId: string): Promise<Result<{ readonly id: string }, DomainError>> {
    const current = await this.currentCheckout(customer, basketReference, checkoutId);
    if (!current.ok) return current;
    try {
      const source = await (this.provider as MerchantOfRecordPort).attachSource(checkoutId, sourceId);
      if (!(await this.paymentStates.saveSource(basketReference, checkoutId, source.id))) return err(new DomainError('MOR_CHECKOUT_EXPIRED'));
      return ok(source);
    } catch (error) {
      return err(unavailable(error));
    }
  }

  /** The basket's checkout, when it is the one the page names (an older page's checkout has expired). */
  private async currentCheckout(customer: Customer, basketReference: string, checkoutId: string) {
    const basket = await this.baskets.find(basketReference);
    if (!basket || basket.customerId !== customer.id) return err(new DomainError('BASKET_NOT_FOUND'));
    if (!this.provider) return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    const checkout = await this.paymentStates.checkoutOf(basketReference);
    if (!checkout || checkout.checkoutId !== checkoutId) return err(new DomainError('MOR_CHECKOUT_EXPIRED'));
    return ok({ basket, checkout });
  }

  private async certificateFile(certificate: BasketCertificate, customer: Customer): Promise<MorTaxCertificate | null> {
    const file = await this.files.get(certificate.storageKey);
    if (!file) return null;
    return {
      taxAuthority: certificate.taxAuthority,
      startDate: certificate.startDate,
      endDate: certificate.endDate,
      fileName: certificate.fileName,
      contentType: certificate.contentType,
      bytes: file.bytes,
      companyName: customer.accountName ?? `${customer.firstName} ${customer.lastName}`.trim(),
    };
  }
}
