/** The account types a customer can hold; they decide which account fields are required (spec 1 §1, §3). */
export const ACCOUNT_TYPES = ['personal', 'business', 'education'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Tells a known account type from any other value, e.g. one read from storage or a request. */
export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Preselects business when the basket holds a multi-user product, which only organisations buy (spec 1 §4). */
export function defaultAccountType(basketHasMultiUserProduct: boolean): AccountType {
  return basketHasMultiUserProduct ? 'business' : 'personal';
}

/** Multi-user products are sold to organisations only, so personal is not offered then (spec 1 §4, §6). */
export function allowedAccountTypes(basketHasMultiUserProduct: boolean): readonly AccountType[] {
  return basketHasMultiUserProduct ? ['business', 'education'] : ACCOUNT_TYPES;
}

export type AccountTypeField = 'businessSector' | 'companyName' | 'educationName' | 'educationInstitution';

/** The fields of the other account types, cleared on submit so that stale answers are never sent (spec 1 §4). */
export function accountFieldsToClear(accountType: AccountType): readonly AccountTypeField[] {
  switch (accountType) {
    case 'personal':
      return ['businessSector', 'companyName', 'educationName', 'educationInstitution'];
    case 'business':
      return ['educationName', 'educationInstitution'];
    case 'education':
      return ['businessSector', 'companyName'];
  }
}
