export const ACCOUNT_TYPES = ['personal', 'business', 'education'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Business when the basket holds a multi-user product, personal otherwise (spec 1 §4). */
export function defaultAccountType(basketHasMultiUserProduct: boolean): AccountType {
  return basketHasMultiUserProduct ? 'business' : 'personal';
}

/** Multi-user products are sold to organisations only: no personal accounts then (spec 1 §4, §6). */
export function allowedAccountTypes(basketHasMultiUserProduct: boolean): readonly AccountType[] {
  return basketHasMultiUserProduct ? ['business', 'education'] : ACCOUNT_TYPES;
}

/** Only business and education accounts may enter a tax ID (spec 1 §6, spec 2 §6). */
export function canEnterTaxId(accountType: AccountType): boolean {
  return accountType !== 'personal';
}

/** Visitors may change the checkout email; signed-in customers can only sign out (spec 1 §6). */
export function canChangeEmail(signedIn: boolean): boolean {
  return !signedIn;
}

/** The fields of the account form that belong to other account types, cleared on submit (spec 1 §4). */
export function accountFieldsToClear(accountType: AccountType): readonly ('businessSector' | 'companyName' | 'educationName' | 'educationInstitution')[] {
  switch (accountType) {
    case 'personal':
      return ['businessSector', 'companyName', 'educationName', 'educationInstitution'];
    case 'business':
      return ['educationName', 'educationInstitution'];
    case 'education':
      return ['businessSector', 'companyName'];
  }
}

/** A business sector or an education institution type, as the store lists them. */
export interface CustomerCategory {
  readonly name: string;
  /** Fully qualified name, e.g. 'business.design-agency'. */
  readonly fqn: string;
}

export interface CustomerCategories {
  readonly business: readonly CustomerCategory[];
  readonly education: readonly CustomerCategory[];
}

/** Our choice: personal accounts carry this category, since the spec names 'the default personal one'. */
export const PERSONAL_CATEGORY: CustomerCategory = { name: 'Personal', fqn: 'personal' };

/**
 * The category a customer is filed under: the chosen business or education category when it is one
 * of that type's list, the personal default for personal accounts, otherwise none (not valid).
 */
export function customerCategoryFor(
  accountType: AccountType,
  chosenFqn: string | null | undefined,
  categories: CustomerCategories,
): CustomerCategory | null {
  if (accountType === 'personal') return PERSONAL_CATEGORY;
  return categories[accountType].find((category) => category.fqn === chosenFqn) ?? null;
}
