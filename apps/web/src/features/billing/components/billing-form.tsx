import {
  billingAddressSchema,
  billingCountryChange,
  billingFieldLabel,
  COUNTRIES,
  hasRegionList,
  isSupportedBillingCountry,
  line1Warning,
  Messages,
  regionsOf,
  shouldCheckTaxId,
  showsTaxIdField,
  stripSpaces,
  type BillingAddressForm,
  type BillingField,
  type CustomerJson,
} from '@store/domain';
import { Button, SelectField, TextField } from '@store/ui';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useCheckoutUi } from '../../checkout/checkout-ui';
import { saveBillingAddress, validateTaxId } from '../api/billing';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
const UNSUPPORTED_COUNTRY = 'Your billing country is unsupported. Please choose a different country';

export interface BillingFormProps {
  readonly customer: CustomerJson;
  readonly basketReference: string;
  /** The country to start with when the customer has no billing address yet. */
  readonly defaultCountry: string;
  /** The address was saved: the customer as the server now has it. */
  readonly onSaved: (customer: CustomerJson) => void;
}

function initialValues(customer: CustomerJson, defaultCountry: string): BillingAddressForm {
  const billing = customer.billing;
  return {
    line_1: billing?.line_1 ?? '',
    line_2: billing?.line_2 ?? '',
    line_3: billing?.line_3 ?? '',
    city: billing?.city ?? '',
    county: billing?.county ?? '',
    state: billing?.state ?? '',
    postal_code: billing?.postal_code ?? '',
    country: billing?.country ?? customer.country ?? defaultCountry,
    vat_id: billing?.vat_id ?? '',
  };
}

/**
 * The billing address form (spec 1 §3, §4, §5): countries by name, the state list and its label per
 * country, the Tax ID for business and education accounts where it applies (spaces stripped on
 * blur, checked before the address is saved), the long first-line warning and the unsupported
 * country message, which disables Continue.
 */
export function BillingForm({ customer, basketReference, defaultCountry, onSaved }: BillingFormProps) {
  const { wait, notifyError } = useCheckoutUi();
  const { register, handleSubmit, control, setValue, getValues, setError, setFocus, formState } = useForm<BillingAddressForm>({
    defaultValues: initialValues(customer, defaultCountry),
    mode: 'onTouched',
  });
  const country = useWatch({ control, name: 'country' });
  const line1 = useWatch({ control, name: 'line_1' });
  const supported = isSupportedBillingCountry(country);
  const taxIdShown = showsTaxIdField(customer.account.type, country);
  const regions = regionsOf(country);

  const [search, setSearch] = useSearchParams();
  useEffect(() => setFocus('line_1'), [setFocus]);
  // stage=billing has done its work once the form is open: it leaves the address bar (spec 1 §2).
  useEffect(() => {
    if (!search.has('stage')) return;
    const next = new URLSearchParams(search);
    next.delete('stage');
    setSearch(next, { replace: true });
  }, [search, setSearch]);

  const field = (name: BillingField) => ({
    label: billingFieldLabel(name, country),
    error: formState.errors[name]?.message,
    ...register(name, { validate: validateWith<string, BillingAddressForm>(...(billingAddressSchema[name] ?? [])) }),
  });

  const vatField = field('vat_id');
  const countryField = register('country', {
    onChange: (event: { target: { value: string } }) => {
      // A state belongs to its country and a tax ID is issued per country (spec 1 §4).
      const next = billingCountryChange(customer.billing?.country ?? null, event.target.value, getValues('state') || null);
      setValue('state', next.state ?? '');
      setValue('vat_id', next.vat_id ?? '');
    },
  });

  const submit = handleSubmit(async (values) => {
    const address: BillingAddressForm = { ...values, vat_id: taxIdShown ? stripSpaces(values.vat_id) : '' };
    try {
      await wait('updating-checkout', async () => {
        if (shouldCheckTaxId({ vatId: address.vat_id, accountType: customer.account.type, country: address.country })) {
          await validateTaxId(address.vat_id, address.country, address.postal_code);
        }
        const saved = await saveBillingAddress(basketReference, address);
        onSaved(saved.customer);
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 100301) {
        setError('vat_id', { message: Messages.invalidVatId }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.fields) {
        for (const [name, messages] of Object.entries(error.fields)) {
          if (name in values) setError(name as BillingField, { message: messages[0] }, { shouldFocus: true });
        }
      } else {
        notifyError(error);
      }
    }
  });

  return (
    <form className="billing-form" onSubmit={submit} noValidate aria-label="Billing address">
      <SelectField label={billingFieldLabel('country', country)} options={COUNTRY_OPTIONS} autoComplete="country" {...countryField} />
      {!supported && (
        <p className="notice notice--error" role="alert">
          {UNSUPPORTED_COUNTRY}
        </p>
      )}
      <TextField autoComplete="address-line1" warning={line1Warning(line1)} {...field('line_1')} />
      <TextField autoComplete="address-line2" {...field('line_2')} />
      <TextField autoComplete="address-line3" {...field('line_3')} />
      <TextField autoComplete="address-level2" {...field('city')} />
      <TextField {...field('county')} />
      {hasRegionList(country) && (
        <SelectField
          placeholder="Select…"
          options={regions.map((region) => ({ value: region.code, label: region.name }))}
          autoComplete="address-level1"
          {...field('state')}
        />
      )}
      <TextField autoComplete="postal-code" {...field('postal_code')} />
      {taxIdShown && (
        <TextField
          autoComplete="off"
          spellCheck={false}
          hint="Your VAT, GST or tax registration number, if your organisation has one."
          {...vatField}
          onBlur={(event) => {
            // Spaces are stripped when the field is left (spec 1 §5).
            setValue('vat_id', stripSpaces(event.target.value));
            void vatField.onBlur(event);
          }}
        />
      )}
      <Button type="submit" disabled={!supported} busy={formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}
