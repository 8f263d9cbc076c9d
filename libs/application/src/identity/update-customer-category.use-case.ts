import {
  accountTypeOfCategory,
  allowedAccountTypes,
  DomainError,
  err,
  firstError,
  ok,
  organisationNameRules,
  type Customer,
  type Result,
} from '@store/domain';
import type { CustomerCategoryRepository, CustomerRepository } from './identity.ports';

/**
 * CHECKOUT_UPDATE_CUSTOMER_CATEGORY (spec 1 §4): a signed-in customer confirms or changes the
 * account type, with the organisation's name and category for business and education.
 */
export class UpdateCustomerCategory {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly categories: CustomerCategoryRepository,
  ) {}

  async execute(
    customer: Customer | null,
    input: { accountName: string | null; customerCategory: string; basketHasMultiUserProduct: boolean },
  ): Promise<Result<Customer, DomainError>> {
    if (!customer) return err(new DomainError('SESSION_EXPIRED'));
    const accountType = accountTypeOfCategory(input.customerCategory);
    if (!accountType || !allowedAccountTypes(input.basketHasMultiUserProduct).includes(accountType)) {
      return err(new DomainError('VALIDATION_FAILED', { fields: { customerCategory: ['Choose an account type'] } }));
    }
    const fields: Record<string, string[]> = {};
    let accountName: string | null = null;
    if (accountType !== 'personal') {
      accountName = (input.accountName ?? '').trim();
      const nameField = accountType === 'business' ? 'companyName' : 'educationName';
      const label = accountType === 'business' ? 'Company name' : 'Institution name';
      const message = accountName === '' ? `${label} is required` : firstError(accountName, organisationNameRules);
      if (message) fields[nameField] = [message];
      const list = (await this.categories.list())[accountType];
      if (!list.some((category) => category.fqn === input.customerCategory)) {
        fields[accountType === 'business' ? 'businessSector' : 'educationInstitution'] = ['Choose a category from the list'];
      }
    }
    if (Object.keys(fields).length > 0) return err(new DomainError('VALIDATION_FAILED', { fields }));
    const account = { accountType, customerCategory: input.customerCategory, accountName, hasConfirmedAccountType: true };
    if (!(await this.customers.updateAccount(customer.id, account))) return err(new DomainError('ACCOUNT_UPDATE_FAILED'));
    return ok({ ...customer, ...account });
  }
}
