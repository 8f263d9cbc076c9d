import {
  billingAddressSchema,
  billingCountryChange,
  billingFieldLabel,
  COUNTRIES,
  firstError,
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
import { useAppUi } from '../../../lib/app-ui';
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
  /** The basket has a product to post (shipping_is_required): the form asks where it goes. */
  readonly shippingRequired?: boolean;
}

type DeliveryField = Exclude<BillingField, 'vat_id'>;
type DeliveryForm = Record<DeliveryField, string>;

/** The billing address, and where physical products go (only sent when the basket has any). */
interface BillingFormValues extends BillingAddressForm {
  readonly ship_to_billing: boolean;
  readonly shipping: DeliveryForm;
}

/** A form's address fields from the address the server holds (empty where it has none). */
function addressFields(address: Partial<Record<DeliveryField, string | null>> | null | undefined, country: string): DeliveryForm {
  return {
    line_1: address?.line_1 ?? '',
    line_2: address?.line_2 ?? '',
    line_3: address?.line_3 ?? '',
    city: address?.city ?? '',
    county: address?.county ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country ?? country,
  };
}

function initialValues(customer: CustomerJson, defaultCountry: string): BillingFormValues {
  const billing = customer.billing;
  const country = billing?.country ?? customer.country ?? defaultCountry;
  return {
    ship_to_billing: customer.shipping?.same_as_billing ?? true,
    shipping: addressFields(customer.shipping?.address, country),
    ...addressFields(billing, country),
    vat_id: billing?.vat_id ?? '',
  };
}

/**
 * The billing address form (spec 1 §3, §4, §5): countries by name, the state list and its label per
 * country, the Tax ID for business and education accounts where it applies (spaces stripped on
 * blur, checked before the address is saved), the long first-line warning and the unsupported
 * country message, which disables Continue.
 */
export function BillingForm({ customer, basketReference, defaultCountry, onSaved, shippingRequired = false }: BillingFormProps) {
  const { wait, notifyError } = useAppUi();
  const { register, handleSubmit, control, setValue, getValues, setError, setFocus, formState } = useForm<BillingFormValues>({
    defaultValues: initialValues(customer, defaultCountry),
    mode: 'onTouched',
  });
  const country = useWatch({ control, name: 'country' });
  const line1 = useWatch({ control, name: 'line_1' });
  const supported = isSupportedBillingCountry(country);
  const taxIdShown = showsTaxIdField(customer.account.type, country);
  const regions = regionsOf(country);
  const shipToBilling = useWatch({ control, name: 'ship_to_billing' });
  const deliveryCountry = useWatch({ control, name: 'shipping.country' });

  const [search, setSearch] = useSearchParams();
  // Opening the form puts the focus in it, unless the shopper is already in another control: the
  // checkout's later sections arrive after the basket has painted, and taking the focus (and scrolling
  // to it) while the shopper types a discount code moved the page under their pointer. A control the
  // step just removed (Continue, Change) has left the focus on the body; the page's heading holds it
  // only as the page's own starting point.
  useEffect(() => {
    const current = document.activeElement;
    if (current instanceof HTMLElement && current !== document.body && current.isConnected && !(current instanceof HTMLHeadingElement)) return;
    setFocus('line_1');
  }, [setFocus]);
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
  // The delivery address follows the billing address's rules, read against its own country.
  const deliveryField = (name: DeliveryField) => ({
    label: billingFieldLabel(name, deliveryCountry),
    error: formState.errors.shipping?.[name]?.message,
    ...register(`shipping.${name}`, {
      validate: (value: string, form: BillingFormValues) =>
        form.ship_to_billing ? true : (firstError(value, billingAddressSchema[name] ?? [], { ...form.shipping, vat_id: '' }) ?? true),
    }),
  });
  const deliveryCountryField = register('shipping.country', {
    // A state belongs to its country.
    onChange: () => setValue('shipping.state', ''),
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

  const submit = handleSubmit(async ({ ship_to_billing, shipping, ...values }) => {
    const address: BillingAddressForm = { ...values, vat_id: taxIdShown ? stripSpaces(values.vat_id) : '' };
    const delivery = shippingRequired ? { ship_to_billing_address: ship_to_billing, ...(ship_to_billing ? {} : { shipping_address: shipping }) } : {};
    try {
      await wait('updating-checkout', async () => {
        if (shouldCheckTaxId({ vatId: address.vat_id, accountType: customer.account.type, country: address.country })) {
          await validateTaxId(address.vat_id, address.country, address.postal_code);
        }
        const saved = await saveBillingAddress(basketReference, address, delivery);
        onSaved(saved.customer);
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 100301) {
        setError('vat_id', { message: Messages.invalidVatId }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.fields) {
        for (const [name, messages] of Object.entries(error.fields)) {
          if (name in values) setError(name as BillingField, { message: messages[0] }, { shouldFocus: true });
          const nested = name.replace(/^shipping_address\./, '');
          if (nested !== name && nested in shipping) setError(`shipping.${nested as DeliveryField}`, { message: messages[0] }, { shouldFocus: true });
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
      {shippingRequired && (
        <fieldset className="billing-form__delivery">
          <legend className="field__label">Delivery address</legend>
          <p className="field__hint" id="delivery-hint">
            Your order includes a printed product, so we need an address to post it to. It is taxed for the country it goes to, and
            postage is free.
          </p>
          <label className="choice">
            <input type="checkbox" aria-describedby="delivery-hint" {...register('ship_to_billing')} /> Deliver to my billing address
          </label>
          {!shipToBilling && (
            <>
              <SelectField label={billingFieldLabel('country', deliveryCountry)} options={COUNTRY_OPTIONS} autoComplete="shipping country" {...deliveryCountryField} />
              <TextField autoComplete="shipping address-line1" {...deliveryField('line_1')} />
              <TextField autoComplete="shipping address-line2" {...deliveryField('line_2')} />
              <TextField autoComplete="shipping address-line3" {...deliveryField('line_3')} />
              <TextField autoComplete="shipping address-level2" {...deliveryField('city')} />
              <TextField {...deliveryField('county')} />
              {hasRegionList(deliveryCountry) && (
                <SelectField
                  placeholder="Select…"
                  options={regionsOf(deliveryCountry).map((region) => ({ value: region.code, label: region.name }))}
                  autoComplete="shipping address-level1"
                  {...deliveryField('state')}
                />
              )}
              <TextField autoComplete="shipping postal-code" {...deliveryField('postal_code')} />
            </>
          )}
        </fieldset>
      )}
      <Button type="submit" disabled={!supported} busy={formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}
