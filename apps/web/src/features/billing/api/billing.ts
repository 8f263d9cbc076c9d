import type { BillingAddressForm, CustomerJson, PaymentGateway } from '@store/domain';
import { api } from '../../../lib/api-client';

/** CREATE_CUSTOMER_INVOICE_ADDRESS (spec 2 §7): answers data.customer with its billing address. */
export const saveBillingAddress = (basketReference: string, address: BillingAddressForm) =>
  api.action<{ customer: CustomerJson }>('CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: basketReference, ...address });

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
