import {
  allowedAccountTypes,
  defaultAccountType,
  Messages,
  organisationNameRules,
  type AccountType,
  type ContactPreferencesJson,
  type CustomerJson,
  type SessionJson,
} from '@store/domain';
import { Button, ChoiceGroup, SelectField, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useAppUi } from '../../../lib/app-ui';
import { setMarketing, updateCustomerCategory } from '../api/identity-actions';

interface Values {
  accountType: AccountType;
  accountName: string;
  category: string;
  marketing: '' | 'true' | 'false';
}

const TYPE_LABELS: Record<AccountType, string> = { personal: 'Personal', business: 'Business', education: 'Education' };

export interface AccountTypeConfirmationProps {
  readonly customer: CustomerJson;
  readonly preferences: ContactPreferencesJson | null;
  readonly categories: SessionJson['customer_categories'];
  readonly basketReference: string;
  readonly basketHasMultiUserProduct: boolean;
}

/**
 * Step 3 (spec 1 §4): a signed-in customer confirms the account type (a multi-user product needs a
 * business or education account), then the marketing choice; the basket is read again if the type changed.
 */
export function AccountTypeConfirmation({ customer, preferences, categories, basketReference, basketHasMultiUserProduct }: AccountTypeConfirmationProps) {
  const { wait, notifyError } = useAppUi();
  const queryClient = useQueryClient();
  const allowed = allowedAccountTypes(basketHasMultiUserProduct);
  const current = allowed.includes(customer.account.type) ? customer.account.type : defaultAccountType(basketHasMultiUserProduct);
  const { register, handleSubmit, control, setError, formState } = useForm<Values>({
    defaultValues: {
      accountType: current,
      accountName: customer.account.account_name ?? '',
      category: current === customer.account.type && current !== 'personal' ? customer.account.customer_category : '',
      marketing: preferences ? (preferences.marketing_opt_in ? 'true' : 'false') : '',
    },
  });
  const accountType = useWatch({ control, name: 'accountType' });
  const list = accountType === 'business' ? categories.business_categories : accountType === 'education' ? categories.education_categories : [];
  const nameLabel = accountType === 'education' ? 'Institution name' : 'Company name';
  const categoryLabel = accountType === 'education' ? 'Institution type' : 'Business sector';

  const submit = handleSubmit(async (values) => {
    try {
      await wait('updating-checkout', async () => {
        await updateCustomerCategory({
          basketReference,
          accountName: values.accountType === 'personal' ? null : values.accountName,
          customerCategory: values.accountType === 'personal' ? 'personal' : values.category,
        });
        if (preferences && values.marketing !== '') await setMarketing(preferences.hash, values.marketing === 'true');
      });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.companyName || fields?.educationName || fields?.accountName) {
        setError('accountName', { message: (fields.companyName ?? fields.educationName ?? fields.accountName)?.[0] });
      } else if (fields?.businessSector || fields?.educationInstitution) {
        setError('category', { message: (fields.businessSector ?? fields.educationInstitution)?.[0] });
      } else notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your account type" className="stack">
      {basketHasMultiUserProduct && customer.account.type === 'personal' && (
        <p>Multi-user licences are sold to businesses and education institutions. Choose the kind of organisation you buy for.</p>
      )}
      <ChoiceGroup legend="Account type" error={formState.errors.accountType?.message}>
        {allowed.map((type) => (
          <label key={type} className="choice">
            <input type="radio" value={type} {...register('accountType')} /> {TYPE_LABELS[type]}
          </label>
        ))}
      </ChoiceGroup>
      {accountType !== 'personal' && (
        <>
          <TextField
            label={nameLabel}
            error={formState.errors.accountName?.message}
            {...register('accountName', {
              validate: (value) => (value.trim() === '' ? Messages.required(nameLabel) : validateWith(...organisationNameRules)(value, null)),
            })}
          />
          <SelectField
            label={categoryLabel}
            placeholder="Choose one"
            options={list.map((category) => ({ value: category.fqn, label: category.name }))}
            error={formState.errors.category?.message}
            {...register('category', { validate: (value) => (value === '' ? Messages.required(categoryLabel) : true) })}
          />
        </>
      )}
      {preferences && (
        <ChoiceGroup legend="Would you like news and offers by email?">
          <label className="choice">
            <input type="radio" value="true" {...register('marketing')} /> Yes please
          </label>
          <label className="choice">
            <input type="radio" value="false" {...register('marketing')} /> No thanks
          </label>
        </ChoiceGroup>
      )}
      <Button type="submit" busy={formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}
