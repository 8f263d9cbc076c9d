import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { firstError, securityCodeRules, signInPasswordRules, SUPPORTED_LOCALES, type Rule } from '@store/domain';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SatisfiesRule } from '../http/domain-rule.decorator';
import { emailField } from './email-field';

const all =
  (rules: readonly Rule[]) =>
  (value: unknown): string | null =>
    firstError(value, rules);
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** Username and password (and the security code once MFA is on): what every auth call starts from. */
export class CredentialsDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsString()
  @SatisfiesRule(emailField)
  username!: string;

  @ApiProperty()
  @IsString()
  @SatisfiesRule(all(signInPasswordRules))
  password!: string;

  @ApiPropertyOptional({ description: 'The security code from the authenticator app, or a backup code' })
  @IsOptional()
  @IsString()
  @SatisfiesRule(all(securityCodeRules))
  otp?: string;
}

export class UpdatePasswordDto {
  @IsString()
  @SatisfiesRule(emailField)
  username!: string;

  @IsString()
  @MaxLength(255)
  current_password!: string;

  @IsString()
  @MaxLength(255)
  new_password!: string;

  @IsOptional()
  @IsString()
  @SatisfiesRule(all(securityCodeRules))
  otp?: string;
}

export class MfaEnableDto extends CredentialsDto {
  @IsIn(['totp'], { message: 'provider must be totp' })
  provider!: 'totp';
}

export class MfaActivateDto {
  @IsString()
  @SatisfiesRule(emailField)
  username!: string;

  @IsString()
  @SatisfiesRule(all(signInPasswordRules))
  password!: string;

  @IsString()
  @SatisfiesRule(all(securityCodeRules))
  otp!: string;
}

export class StartRecoveryDto {
  @IsString()
  @SatisfiesRule(emailField)
  email!: string;

  @IsOptional()
  @IsIn(SUPPORTED_LOCALES.map((locale) => locale.urlFriendly), { message: 'locale is not one of the store locales' })
  locale?: string;
}

export class VerifyRecoveryDto {
  @IsString()
  @SatisfiesRule(emailField)
  email!: string;

  @IsString()
  @Matches(TOKEN, { message: 'token is not a reset token' })
  token!: string;
}

export class CompleteRecoveryDto extends VerifyRecoveryDto {
  @IsString()
  @MaxLength(255)
  new_password!: string;

  /** Our choice: 'reset' (forgotten password) or 'set' (first password for an account made by staff). */
  @IsOptional()
  @IsIn(['reset', 'set'])
  type?: 'reset' | 'set';
}

export class OpenSessionDto {
  @IsString()
  @Matches(TOKEN, { message: 'token is not a sign-in token' })
  token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  redirect_to?: string;
}
