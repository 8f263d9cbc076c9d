import {
  billingAddressSchema,
  DomainError,
  err,
  isCountryCode,
  isSupportedBillingCountry,
  ok,
  showsTaxIdField,
  skipsTaxIdCheck,
  validateForm,
  type BillingAddressForm,
  type Customer,
  type Result,
} from '@store/domain';
import type { BillingAddress, BillingRepository, VatIdStatus } from './billing.ports';
import type { CheckTaxId } from './check-tax-id.use-case';
import { postalAddressOf } from './shipping-input';
import { normaliseTaxIdInput } from './tax-id-input';

export type BillingAddressInput = Partial<Record<keyof BillingAddressForm, string | null>>;

const FIELDS: readonly (keyof BillingAddressForm)[] = ['line_1', 'line_2', 'line_3', 'city', 'county', 'state', 'postal_code', 'country', 'vat_id'];

// Our choice: the message when a Tax ID comes from an account or country that has no Tax ID field.
export const TAX_ID_NOT_ACCEPTED = 'A Tax ID can be given only by a business or education account in a country that uses one';

const orNull = (value: string) => (value === '' ? null : value);

/**
 * CREATE_CUSTOMER_INVOICE_ADDRESS (spec 2 §7): the billing address, checked by the domain rules, in a
 * supported country; a business or institution's tax ID is checked first (outside JP) and the
 * address is saved only if the number is not refused (spec 1 §4). Saving voids the payment state.
 */
export class SaveBillingAddress {
  constructor(
    private readonly billing: BillingRepository,
    private readonly checkTaxId: CheckTaxId,
  ) {}

  async execute(customer: Customer, input: BillingAddressInput): Promise<Result<BillingAddress, DomainError>> {
    const form = Object.fromEntries(FIELDS.map((field) => [field, (input[field] ?? '').trim()])) as unknown as BillingAddressForm;
    const normalised: BillingAddressForm = { ...form, country: form.country.toUpperCase(), vat_id: form.vat_id === '' ? '' : normaliseTaxIdInput(form.vat_id) };
    const errors: Record<string, string[]> = Object.fromEntries(
      Object.entries(validateForm(normalised, billingAddressSchema)).map(([field, message]) => [field, [message as string]]),
    );
    if (!errors.country && !isCountryCode(normalised.country)) errors.country = ['Country is not a country'];
    if (!errors.vat_id && normalised.vat_id !== '' && !showsTaxIdField(customer.accountType, normalised.country)) errors.vat_id = [TAX_ID_NOT_ACCEPTED];
    if (Object.keys(errors).length > 0) return err(new DomainError('VALIDATION_FAILED', { fields: errors }));
    if (!isSupportedBillingCountry(normalised.country)) return err(new DomainError('BILLING_COUNTRY_UNSUPPORTED'));

    let vatIdStatus: VatIdStatus | null = null;
    if (normalised.vat_id !== '') {
      if (skipsTaxIdCheck(normalised.country)) vatIdStatus = 'not-checked';
      else {
        const verdict = await this.checkTaxId.execute({
          customerId: customer.id,
          country: normalised.country,
          taxId: normalised.vat_id,
          postalCode: normalised.postal_code,
        });
        if (verdict.result === 'invalid') return err(new DomainError('TAX_ID_INVALID', { fields: { vat_id: ['The Tax ID you have entered is not valid'] } }));
        vatIdStatus = verdict.result;
      }
    }

    const address: BillingAddress = { ...postalAddressOf(normalised), vatId: orNull(normalised.vat_id), vatIdStatus };
    await this.billing.save(customer.id, address);
    return ok(address);
  }
}
