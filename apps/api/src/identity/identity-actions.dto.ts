import {
  firstError,
  nameRules,
  organisationNameRules,
  passwordShapeRules,
  type Rule,
} from '@store/domain';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { SatisfiesRule } from '../http/domain-rule.decorator';
import { emailField } from './email-field';

const all =
  (rules: readonly Rule[]) =>
  (value: unknown): string | null =>
    firstError(value, rules);

export class EmailPayload {
  @IsString()
  @SatisfiesRule(emailField)
  email!: string;
}

export class CreateCustomerPayload {
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'basketReference is not a basket reference' })
  basketReference?: string;

  @IsString()
  @SatisfiesRule(emailField)
  email!: string;

  @IsString()
  @SatisfiesRule(all(nameRules))
  firstName!: string;

  @IsString()
  @SatisfiesRule(all(nameRules))
  lastName!: string;

  /** Present and not too long here; the store's minimum (PASSWORD_MIN_LENGTH) is the use case's to check. */
  @IsString()
  @SatisfiesRule(all(passwordShapeRules))
  password!: string;

  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'Choose a country from the list' })
  country!: string;

  @IsBoolean({ message: 'Choose a marketing preference' })
  marketingSignUp!: boolean;

  @IsOptional()
  @IsString()
  @SatisfiesRule(all(organisationNameRules))
  accountName?: string | null;

  @IsString()
  @Matches(/^(personal|(business|education)\.[a-z0-9-]{1,50})$/, { message: 'Choose an account type' })
  customerCategory!: string;

  /** Our choice: the server records the acceptance too, so it must be sent. */
  @IsBoolean()
  termsAndConditions!: boolean;
}

export class UpdateCustomerCategoryPayload {
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'basketReference is not a basket reference' })
  basketReference?: string;

  @IsOptional()
  @IsString()
  @SatisfiesRule(all(organisationNameRules))
  accountName?: string | null;

  @IsString()
  @Matches(/^(personal|(business|education)\.[a-z0-9-]{1,50})$/, { message: 'Choose an account type' })
  customerCategory!: string;
}

export class ContactPreferencesPayload {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{20,64}$/, { message: 'hash is not a contact preferences reference' })
  hash!: string;
}
