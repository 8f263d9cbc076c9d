/** The validation messages of spec 1 §5 and spec 2 §5, word for word. */
export const Messages = {
  required: (label: string) => `${label} is required`,
  minLength: (n: number) => `Field must contain at least ${n} characters`,
  maxLength: (n: number) => `Field must contain no more than ${n} characters`,
  sameAs: 'Field must match',
  email: 'Enter a valid email address',
  emailAddressIsUnique:
    'This account already exists. Please enter a different email address or sign in to your existing account.',
  minValue: (n: number) => `Enter a value greater than ${n}`,
  maxValue: (n: number) => `Enter a value less than ${n}`,
  checked: 'Please accept the terms and conditions',
  checkedAccountForm: 'You must agree to the terms and conditions before you can continue',
  atLeastOne: 'Select at least one',
  validVoucherCode: 'Enter a valid voucher code',
  passwordIsCompromised:
    'You have chosen a popular password. To help keep your account secure, please choose one that is more unique',
  serverHasRespondedWithError: 'Something went wrong',
  noInvalidChars: 'Field contains invalid characters',
  doesNotMatch: 'The new value matches the previous one',
  numbersOnly: 'Credit card field must contain 16 numbers',
  multiUserProductCannotHavePersonalAccountType: 'Choose an account type',
  incorrectFileType: 'File type is not supported',
  invalidVatId: 'The Tax ID you have entered is not valid',

  passwordTooShort: 'Your password must be at least six characters',
  /** Our choice: the spec's words at its minimum of six, the same sentence with the number for a store that asks more. */
  passwordTooShortFor: (n: number) => (n === 6 ? 'Your password must be at least six characters' : `Your password must be at least ${n} characters`),
  marketingPreference: 'Choose a marketing preference',
  signInEmail: 'Enter your email address',
  signInPassword: 'Enter your password',
  securityCodeRequired: 'Enter your security code',
  securityCodeTooShort: 'Your security code must contain at least 6 characters',
  // Our choice: the spec names "a matching no-more-than-10 message" without its words.
  securityCodeTooLong: 'Your security code must contain no more than 10 characters',
  emailSuggestion: (suggestion: string) => `Did you mean ${suggestion}?`,
  line1TooLong:
    'The first line of your billing address looks quite long - have you entered the full address by mistake?',

  cardNumberRequired: 'Card number is required',
  cardNumberInvalid: 'Card number is invalid',
  expiryMonthRequired: 'Expiry month is required',
  expiryMonthInvalid: 'Expiry month is invalid',
  expiryYearRequired: 'Expiry year is required',
  expiryYearInvalid: 'Expiry year is invalid',
  securityCodeCardRequired: 'Security code is required',
  securityCodeCardInvalid: 'Security code is invalid',

  certificateStartBefore1960: 'Certificate start date is before 1 January 1960',
  certificateStartInFuture: 'Certificate start date is in the future',
  certificateExpired: 'Your certificate has expired',
  certificateRequired: 'Certificate is required',
  certificateTooLarge: 'File size exceeds 10MB',
  // Our choice: a date that is not a real calendar date.
  invalidDate: 'Enter a valid date',

  optionalSuffix: ' (optional)',
} as const;
