import type { BillingAddressForm, CustomerJson, PaymentGateway } from '@store/domain';
import { api } from '../../../lib/api-client';

/** Where a basket's physical products go (ours, sent with the billing address): the billing address, or another. */
export interface DeliveryChoice {
  readonly ship_to_billing_address?: boolean;
  readonly shipping_address?: Omit<BillingAddressForm, 'vat_id'>;
}

/** CREATE_CUSTOMER_INVOICE_ADDRESS (spec 2 §7): answers data.customer with its billing (and shipping) address. */
export const saveBillingAddress = (basketReference: string, address: BillingAddressForm, delivery: DeliveryChoice = {}) =>
  api.action<{ customer: CustomerJson }>('CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: basketReference, ...address, ...delivery });

/** POST /data/validate-tin/ (multipart, spec 2 §7); a refused number is an ApiError with code 100301. */
export const validateTaxId = (taxId: string, countryCode: string, postalCode: string) =>
  api.multipart<{ valid: true; status: 'valid' | 'unverified' }>('/data/validate-tin/', {
    tax_id: taxId,
    country_code: countryCode,
    postal_code: postalCode,
  });

export interface GatewayDecisionJson {
  readonly gateway: PaymentGateway | null;
  readonly show_tax_exemption: boolean;
}

/** POST /data/determine-gateway/ (spec 2 §4, §7). */
export const determineGateway = (basketReference: string) => api.post<GatewayDecisionJson>('/data/determine-gateway/', { basket_ref: basketReference });
