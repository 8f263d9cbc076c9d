import {
  basketAnalytics,
  type SessionJson,
  ACCOUNT_FORM_LABELS,
  accountFieldsToClear,
  accountFormSchema,
  allowedAccountTypes,
  COUNTRIES,
  countryName,
  defaultAccountType,
  marketingSignUpRule,
  Messages,
  type AccountForm,
  type AccountType,
  type CustomerCategoryJson,
} from '@store/domain';
import { Button, ChoiceGroup, SelectField, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useAppUi } from '../../../lib/app-ui';
import { useConsent } from '../../consent';
import { usePasswordCheck } from '../api/compromised-password';
import { createCustomer, useIdentityMutation } from '../api/identity-actions';
import { passwordHint, usePasswordPolicy } from '../password-policy';

type FormValues = Omit<AccountForm, 'marketingSignUp' | 'accountType'> & { accountType: AccountType; marketingSignUp: '' | 'true' | 'false' };

const TYPE_LABELS: Record<AccountType, string> = { personal: 'Personal', business: 'Business', education: 'Education' };
const SERVER_FIELDS: readonly (keyof FormValues)[] = [
  'accountType',
  'firstName',
  'lastName',
  'country',
  'password',
  'termsAndConditions',
  'marketingSignUp',
  'companyName',
  'businessSector',
  'educationName',
  'educationInstitution',
];

export interface CreateAccountFormProps {
  readonly email: string;
  readonly basketReference: string | null;
  readonly basketHasMultiUserProduct: boolean;
  /** The country the store detected for the shopper; the field is hidden when there is one. */
  readonly detectedCountry: string | null;
  readonly categories: { readonly business: readonly CustomerCategoryJson[]; readonly education: readonly CustomerCategoryJson[] };
  readonly onCreated: () => void;
}

/** Step 2: a new customer's account, each type with its own fields, checked by the domain's rules. */
export function CreateAccountForm({ email, basketReference, basketHasMultiUserProduct, detectedCountry, categories, onCreated }: CreateAccountFormProps) {
  const queryClient = useQueryClient();
  const { track } = useConsent();
  const { wait, notifyError } = useAppUi();
  const create = useIdentityMutation(createCustomer);
  const password = usePasswordPolicy();
  const schema = accountFormSchema({ countryDetected: detectedCountry !== null, basketHasMultiUserProduct, passwordMinLength: password.minimum });
  const { register, handleSubmit, control, setError, clearErrors, formState } = useForm<FormValues>({
    // react-hook-form focuses the first error in the order the fields were registered, and the
    // marketing radios register before the fields drawn above them: the form picks the field itself.
    shouldFocusError: false,
    defaultValues: {
      accountType: defaultAccountType(basketHasMultiUserProduct),
      firstName: '',
      lastName: '',
      country: detectedCountry ?? '',
      password: '',
      termsAndConditions: false,
      marketingSignUp: '',
      companyName: '',
      businessSector: '',
      educationName: '',
      educationInstitution: '',
    },
  });
  const accountType = useWatch({ control, name: 'accountType' });
  const passwordCheck = usePasswordCheck(useWatch({ control, name: 'password' }), password.minimum);
  const [retries, setRetries] = useState(0);
  const rule = <K extends keyof FormValues>(field: K) => {
    const rules = (schema[field as keyof AccountForm] ?? []) as Parameters<typeof validateWith>;
    return validateWith(...rules);
  };
  const errors = formState.errors;
  // One registration for both radios, so both carry the rule.
  const marketing = register('marketingSignUp', {
    validate: (value) => validateWith(marketingSignUpRule)(value === '' ? null : value === 'true', null),
  });

  const formId = useId();
  /** Focuses the first of these fields in the order the shopper meets them on the page. */
  const focusFirstInError = (names: readonly string[]) => {
    const wanted = new Set(names);
    const form = document.getElementById(formId);
    const fields = form ? Array.from(form.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]')) : [];
    fields.find((field) => wanted.has(field.name))?.focus();
  };

  const send = handleSubmit(async (values) => {
    const cleared = new Set<string>(accountFieldsToClear(values.accountType));
    const category = values.accountType === 'business' ? values.businessSector : values.accountType === 'education' ? values.educationInstitution : 'personal';
    const accountName = values.accountType === 'business' ? values.companyName : values.accountType === 'education' ? values.educationName : null;
    // Account creation starts the checkout proper (spec 1 §4).
    const basket = queryClient.getQueryData<SessionJson>(['session'])?.basket;
    track('begin_checkout', basket ? basketAnalytics(basket) : null);
    try {
      await wait('creating-account', () =>
        create.mutateAsync({
          basketReference: basketReference ?? undefined,
          email,
          firstName: values.firstName,
          lastName: values.lastName,
          password: values.password,
          country: values.country,
          marketingSignUp: values.marketingSignUp === 'true',
          accountName: cleared.has('companyName') && cleared.has('educationName') ? null : accountName,
          customerCategory: category,
          termsAndConditions: values.termsAndConditions,
        }),
      );
      onCreated();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const known = fields ? SERVER_FIELDS.filter((field) => fields[field]) : [];
      if (error instanceof ApiError && error.code === 700001) setError('password', { message: error.message }, { shouldFocus: true });
      else if (known.length > 0) {
        known.forEach((field) => setError(field, { message: fields?.[field]?.[0] }));
        focusFirstInError(known);
      } else notifyError(error);
    }
  }, (invalid) => focusFirstInError(Object.keys(invalid)));

  // While the popular-password check is still pending, submitting tries again a second later (spec 1 §4, §9).
  useEffect(() => {
    if (retries === 0) return;
    const timer = setTimeout(() => {
      if (passwordCheck === 'pending') setRetries((count) => count + 1);
      else {
        setRetries(0);
        void send();
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [retries, passwordCheck, send]);
  // From the moment the shopper submits, until the answer: waiting for the password check counts too,
  // so the button shows its progress at once and a second Enter or click sends nothing.
  const sending = retries > 0 || formState.isSubmitting;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (passwordCheck === 'pending') setRetries(1);
    else void send();
  };

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Create your account" className="stack">
      <p>
        Creating an account for <strong>{email}</strong>
      </p>
      <ChoiceGroup legend={ACCOUNT_FORM_LABELS.accountType} error={errors.accountType?.message}>
        {allowedAccountTypes(basketHasMultiUserProduct).map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              value={type}
              {...register('accountType', { validate: rule('accountType'), onChange: () => clearErrors() })}
            />{' '}
            {TYPE_LABELS[type]}
          </label>
        ))}
      </ChoiceGroup>
      <TextField label={ACCOUNT_FORM_LABELS.firstName} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', { validate: rule('firstName') })} />
      <TextField label={ACCOUNT_FORM_LABELS.lastName} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', { validate: rule('lastName') })} />
      {accountType === 'business' && (
        <>
          <TextField label={ACCOUNT_FORM_LABELS.companyName} autoComplete="organization" error={errors.companyName?.message} {...register('companyName', { validate: rule('companyName') })} />
          <SelectField
            label={ACCOUNT_FORM_LABELS.businessSector}
            placeholder="Choose a sector"
            options={categories.business.map((category) => ({ value: category.fqn, label: category.name }))}
            error={errors.businessSector?.message}
            {...register('businessSector', { validate: rule('businessSector') })}
          />
        </>
      )}
      {accountType === 'education' && (
        <>
          <TextField label={ACCOUNT_FORM_LABELS.educationName} error={errors.educationName?.message} {...register('educationName', { validate: rule('educationName') })} />
          <SelectField
            label={ACCOUNT_FORM_LABELS.educationInstitution}
            placeholder="Choose a type"
            options={categories.education.map((category) => ({ value: category.fqn, label: category.name }))}
            error={errors.educationInstitution?.message}
            {...register('educationInstitution', { validate: rule('educationInstitution') })}
          />
        </>
      )}
      {detectedCountry ? (
        <p className="field__hint">Country: {countryName(detectedCountry)}</p>
      ) : (
        <SelectField
          label={ACCOUNT_FORM_LABELS.country}
          placeholder="Choose your country"
          options={COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
          autoComplete="country"
          error={errors.country?.message}
          {...register('country', { validate: rule('country') })}
        />
      )}
      <TextField
        label={ACCOUNT_FORM_LABELS.password}
        type="password"
        autoComplete="new-password"
        hint={passwordHint(password.minimum)}
        error={errors.password?.message}
        {...register('password', {
          validate: (value, form) => {
            const message = rule('password')(value, form);
            if (message !== true) return message;
            return passwordCheck === 'compromised' ? Messages.passwordIsCompromised : true;
          },
        })}
      />
      <ChoiceGroup legend="Would you like news and offers by email?" error={errors.marketingSignUp?.message}>
        <label className="choice">
          <input type="radio" value="true" {...marketing} /> Yes please
        </label>
        <label className="choice">
          <input type="radio" value="false" {...marketing} /> No thanks
        </label>
      </ChoiceGroup>
      <div className={['field', errors.termsAndConditions ? 'field--invalid' : ''].join(' ')}>
        <label className="choice">
          <input
            type="checkbox"
            aria-invalid={errors.termsAndConditions ? true : undefined}
            aria-describedby={errors.termsAndConditions ? 'terms-error' : undefined}
            {...register('termsAndConditions', { validate: rule('termsAndConditions') })}
          />{' '}
          I agree to the terms and conditions
        </label>
        {errors.termsAndConditions && (
          <p className="field__error" id="terms-error">
            {errors.termsAndConditions.message}
          </p>
        )}
      </div>
      <Button type="submit" busy={sending}>
        Create account
      </Button>
    </form>
  );
}
