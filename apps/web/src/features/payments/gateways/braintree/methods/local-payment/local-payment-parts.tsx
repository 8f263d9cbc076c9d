import { TextField } from '@store/ui';
import type { RefObject } from 'react';
import { CALLING_CODES } from './local-payment';

export interface PhoneValue {
  readonly countryCode: string;
  readonly number: string;
}

export const initialPhone = (country: string): PhoneValue => ({ countryCode: CALLING_CODES[country.toUpperCase()] ?? '', number: '' });

/**
 * The phone number in the provider's two parts (spec 3 §3: phone and phoneCountryCode), each
 * labelled, with its error under it and wired to it for screen readers.
 */
export function PhoneFields({
  idPrefix,
  value,
  onChange,
  errors,
  hint,
  numberRef,
  codeRef,
}: {
  readonly idPrefix: string;
  readonly value: PhoneValue;
  readonly onChange: (value: PhoneValue) => void;
  readonly errors: { readonly countryCode?: string; readonly number?: string };
  readonly hint: string;
  readonly numberRef?: RefObject<HTMLInputElement | null>;
  readonly codeRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <fieldset className="local-payment__phone">
      <legend>Mobile phone number</legend>
      <div className="local-payment__phone-fields">
        <TextField
          ref={codeRef}
          id={`${idPrefix}-phone-country-code`}
          className="local-payment__calling-code"
          label="Country code"
          hint="Digits only, such as 351"
          inputMode="numeric"
          autoComplete="tel-country-code"
          maxLength={4}
          value={value.countryCode}
          error={errors.countryCode}
          onChange={(event) => onChange({ ...value, countryCode: event.target.value })}
        />
        <TextField
          ref={numberRef}
          id={`${idPrefix}-phone-number`}
          label="Phone number"
          hint={hint}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          value={value.number}
          error={errors.number}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

/** Phones and small screens: the provider's page opens in this tab (a popup there loses its way back from the bank's app). */
export const prefersThisTab = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 40em)').matches;
