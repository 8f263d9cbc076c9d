import { Messages } from './messages';
import type { FormSchema, Rule } from './rule';
import { email, maxLength, minLength, noInvalidChars, required, type Blacklist } from './rules';

export interface SignInForm {
  readonly email: string;
  readonly password: string;
  readonly otp?: string;
}

/** Our choice: a security code is letters and digits (TOTP digits, or a backup code), hyphens allowed. */
export const SECURITY_CODE_BLACKLIST: Blacklist = {
  characters: '`~!@#$%§^&*()+=[]{}|<,.>?";:/¬\\\' ',
  doubleHyphen: true,
};

export const signInEmailRules: readonly Rule[] = [required('Email', Messages.signInEmail), maxLength(255), email()];
export const signInPasswordRules: readonly Rule[] = [required('Password', Messages.signInPassword), maxLength(255)];
export const securityCodeRules: readonly Rule[] = [
  required('Security code', Messages.securityCodeRequired),
  minLength(6, Messages.securityCodeTooShort),
  maxLength(10, Messages.securityCodeTooLong),
  noInvalidChars(SECURITY_CODE_BLACKLIST),
];

/** Sign-in asks for the security code instead of email and password when MFA needs one (spec 1 §2). */
export function signInSchema(securityCodeRequired: boolean): FormSchema<SignInForm> {
  return securityCodeRequired
    ? ({ otp: securityCodeRules } as FormSchema<SignInForm>)
    : ({ email: signInEmailRules, password: signInPasswordRules } as FormSchema<SignInForm>);
}

/** The email capture of step 1: required, at most 255 characters, an email address. */
export const emailCaptureRules: readonly Rule[] = [required('Email address'), maxLength(255), email()];
