import {
  accountFormSchema,
  accountTypeOfCategory,
  DomainError,
  err,
  normaliseEmail,
  ok,
  validateForm,
  emailCaptureRules,
  firstError,
  isCountryCode,
  PASSWORD_MIN,
  type AccountForm,
  type Customer,
  type Result,
  validationFailure,
} from '@store/domain';
import type { IdGenerator } from '../shared/ports';
import type {
  CustomerCategoryRepository,
  CustomerRepository,
  PasswordHasher,
  PasswordPolicy,
  PasswordScreen,
  ReservedEmailRepository,
  SecretGenerator,
} from './identity.ports';
import type { IssuedSession, SessionService } from './session.service';

export interface CreateCustomerCommand {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
  readonly country: string | null;
  readonly marketingSignUp: boolean;
  /** The company or institution name; ignored for personal accounts. */
  readonly accountName: string | null;
  readonly customerCategory: string;
  readonly termsAndConditions: boolean;
  /** The shopper is already signed in: a second account may not be made from that session. */
  readonly signedIn: boolean;
  readonly basketHasMultiUserProduct: boolean;
}

/**
 * CREATE_CUSTOMER: checks the form by the same rules the browser used, refuses popular passwords
 * and taken emails, stores the customer with an Argon2id hash, and signs them in.
 */
export class CreateCustomer {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly reserved: ReservedEmailRepository,
    private readonly categories: CustomerCategoryRepository,
    private readonly hasher: PasswordHasher,
    private readonly screen: PasswordScreen,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly sessions: SessionService,
    private readonly policy: PasswordPolicy = { minLength: PASSWORD_MIN },
  ) {}

  async execute(command: CreateCustomerCommand): Promise<Result<{ customer: Customer; session: IssuedSession }, DomainError>> {
    if (command.signedIn) return err(new DomainError('ALREADY_SIGNED_IN'));
    const accountType = accountTypeOfCategory(command.customerCategory);
    const emailMessage = firstError(command.email, emailCaptureRules);
    const form: AccountForm = {
      accountType: accountType ?? '',
      firstName: command.firstName,
      lastName: command.lastName,
      country: command.country ?? '',
      password: command.password,
      termsAndConditions: command.termsAndConditions,
      marketingSignUp: command.marketingSignUp,
      companyName: accountType === 'business' ? (command.accountName ?? '') : '',
      businessSector: accountType === 'business' ? command.customerCategory : '',
      educationName: accountType === 'education' ? (command.accountName ?? '') : '',
      educationInstitution: accountType === 'education' ? command.customerCategory : '',
    };
    const errors: Record<string, string[]> = Object.fromEntries(
      Object.entries(validateForm(form, accountFormSchema({
          countryDetected: false,
          basketHasMultiUserProduct: command.basketHasMultiUserProduct,
          passwordMinLength: this.policy.minLength,
        }))).map(
        ([field, message]) => [field, [message as string]],
      ),
    );
    if (emailMessage) errors.email = [emailMessage];
    if (command.country && !isCountryCode(command.country)) errors.country = ['Choose a country from the list'];
    if (accountType && accountType !== 'personal') {
      const list = (await this.categories.list())[accountType];
      if (!list.some((category) => category.fqn === command.customerCategory)) {
        errors[accountType === 'business' ? 'businessSector' : 'educationInstitution'] = ['Choose a category from the list'];
      }
    }
    if (Object.keys(errors).length > 0) return err(validationFailure(errors));
    if (await this.screen.isCompromised(command.password)) return err(new DomainError('PASSWORD_COMPROMISED'));

    const customer: Customer = {
      id: this.ids.next(),
      publicId: this.ids.next(),
      email: command.email.trim(),
      emailVerified: false,
      firstName: command.firstName.trim(),
      lastName: command.lastName.trim(),
      country: command.country,
      accountType: accountType ?? 'personal',
      customerCategory: command.customerCategory,
      accountName: accountType === 'personal' ? null : (command.accountName?.trim() ?? null),
      hasConfirmedAccountType: true,
      status: 'active',
    };
    const outcome = await this.customers.create({
      customer,
      passwordHash: await this.hasher.hash(command.password),
      contactPreferences: { marketingOptIn: command.marketingSignUp, hash: this.secrets.secret() },
    });
    if (outcome === 'email-taken') return err(new DomainError('ACCOUNT_EXISTS'));
    await this.reserved.release(normaliseEmail(customer.email));
    return ok({ customer, session: await this.sessions.start(customer.id) });
  }
}
