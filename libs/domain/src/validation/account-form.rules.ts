import { allowedAccountTypes, isAccountType, type AccountType } from '../accounts/account-types';
import { Messages } from './messages';
import type { FormSchema, Rule } from './rule';
import { checked, maxLength, minLength, noInvalidChars, required, type Blacklist } from './rules';

/** The account form of spec 1 §3. */
export interface AccountForm {
  readonly accountType: AccountType | '' | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly country: string;
  readonly password: string;
  readonly termsAndConditions: boolean;
  readonly marketingSignUp: boolean | null;
  readonly companyName: string;
  readonly businessSector: string;
  readonly educationName: string;
  readonly educationInstitution: string;
}

/** Names may not contain these, nor a double hyphen (spec 1 §5). */
export const NAME_BLACKLIST: Blacklist = { characters: '`~!@#$%§^&*()+=[]{}|<,.>?";:/¬\\', doubleHyphen: true };
/** Company and institution names allow more punctuation than personal names (spec 1 §5). */
export const ORGANISATION_BLACKLIST: Blacklist = { characters: '`~%^*=[]{}|<>/¬\\', doubleHyphen: true };

export const NAME_MAX = 255;
/** The spec's password minimum (spec 1 §5): the default of the store's PASSWORD_MIN_LENGTH setting. */
export const PASSWORD_MIN = 6;
/** The largest minimum a store may set: 64, the length every password manager can produce. */
export const PASSWORD_MIN_CEILING = 64;
export const PASSWORD_MAX = 255;

// Our choice: the labels of the account form (used in '{label} is required').
export const ACCOUNT_FORM_LABELS = {
  accountType: 'Account type',
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  password: 'Password',
  companyName: 'Company name',
  businessSector: 'Business sector',
  educationName: 'Institution name',
  educationInstitution: 'Institution type',
} as const;

const onlyFor =
  (type: AccountType, rules: readonly Rule<unknown, AccountForm>[]): Rule<unknown, AccountForm> =>
  (value, form) => {
    if (form?.accountType !== type) return null;
    for (const rule of rules) {
      const message = rule(value, form);
      if (message !== null) return message;
    }
    return null;
  };

export const nameRules: readonly Rule[] = [maxLength(NAME_MAX), noInvalidChars(NAME_BLACKLIST)];
export const organisationNameRules: readonly Rule[] = [maxLength(NAME_MAX), noInvalidChars(ORGANISATION_BLACKLIST)];
/**
 * The rules of a new password with the store's minimum (PASSWORD_MIN_LENGTH, six by default): the
 * server checks every password set with them, and the page with the minimum the session gives it.
 */
export function passwordRulesFor(minimum: number = PASSWORD_MIN): readonly Rule[] {
  return [required(ACCOUNT_FORM_LABELS.password), minLength(minimum, Messages.passwordTooShortFor(minimum)), maxLength(PASSWORD_MAX)];
}
/** A new password at the spec's minimum. */
export const passwordRules: readonly Rule[] = passwordRulesFor(PASSWORD_MIN);
/** What a request's password field must be before the store's minimum is applied (by the use case). */
export const passwordShapeRules: readonly Rule[] = [required(ACCOUNT_FORM_LABELS.password), maxLength(PASSWORD_MAX)];

/** Personal is not an option with a multi-user product in the basket. */
export const accountTypeRule =
  (basketHasMultiUserProduct: boolean): Rule =>
  (value) => {
    if (!isAccountType(value)) return basketHasMultiUserProduct ? Messages.multiUserProductCannotHavePersonalAccountType : Messages.required(ACCOUNT_FORM_LABELS.accountType);
    return allowedAccountTypes(basketHasMultiUserProduct).includes(value) ? null : Messages.multiUserProductCannotHavePersonalAccountType;
  };

export const marketingSignUpRule: Rule = (value) => (value === true || value === false ? null : Messages.marketingPreference);

/**
 * The rules of the create-account form. The country is asked only when none was detected, and each
 * account type's own fields are required only for that type.
 */
export function accountFormSchema(context: {
  countryDetected: boolean;
  basketHasMultiUserProduct: boolean;
  /** The store's password minimum (PASSWORD_MIN_LENGTH); the spec's six when not given. */
  passwordMinLength?: number;
}): FormSchema<AccountForm> {
  return {
    accountType: [accountTypeRule(context.basketHasMultiUserProduct)],
    firstName: [required(ACCOUNT_FORM_LABELS.firstName), ...nameRules],
    lastName: [required(ACCOUNT_FORM_LABELS.lastName), ...nameRules],
    country: context.countryDetected ? [] : [required(ACCOUNT_FORM_LABELS.country)],
    password: passwordRulesFor(context.passwordMinLength ?? PASSWORD_MIN),
    termsAndConditions: [checked(Messages.checkedAccountForm)],
    marketingSignUp: [marketingSignUpRule],
    companyName: [onlyFor('business', [required(ACCOUNT_FORM_LABELS.companyName), ...organisationNameRules])],
    businessSector: [onlyFor('business', [required(ACCOUNT_FORM_LABELS.businessSector)])],
    educationName: [onlyFor('education', [required(ACCOUNT_FORM_LABELS.educationName), ...organisationNameRules])],
    educationInstitution: [onlyFor('education', [required(ACCOUNT_FORM_LABELS.educationInstitution)])],
  } as FormSchema<AccountForm>;
}
