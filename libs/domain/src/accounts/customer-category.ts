import type { AccountType } from './account-types';

/** A business sector or education institution type as the store lists it (spec 1 §3, spec 2 §3). */
export interface CustomerCategory {
  readonly name: string;
  /** Fully qualified name, e.g. 'business.design-agency'. */
  readonly fqn: string;
}

/** The page's business_categories and education_categories. */
export interface CustomerCategories {
  readonly business: readonly CustomerCategory[];
  readonly education: readonly CustomerCategory[];
}

// Our choice: the spec names 'the default personal one' but not its name or fqn.
export const PERSONAL_CATEGORY: CustomerCategory = { name: 'Personal', fqn: 'personal' };

/**
 * The category a customer is filed under (spec 2 §6): personal accounts always get the personal
 * default; business and education accounts get the chosen category from their own type's list.
 * Null when that choice is missing or belongs to no list of that type, so it cannot be saved.
 */
export function customerCategoryFor(
  accountType: AccountType,
  chosenFqn: string | null | undefined,
  categories: CustomerCategories,
): CustomerCategory | null {
  if (accountType === 'personal') return PERSONAL_CATEGORY;
  return categories[accountType].find((category) => category.fqn === chosenFqn) ?? null;
}
