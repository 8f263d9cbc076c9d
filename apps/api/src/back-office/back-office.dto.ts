// class-transformer's @Type reads the metadata API when the class is declared, wherever it is loaded from.
import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { OPERATOR_ROLES, type OperatorRole } from '@store/domain';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class OperatorSignInDto {
  @IsString({ message: 'Enter your email address' })
  @Length(3, 254, { message: 'Enter your email address' })
  @Transform(trimmed)
  email!: string;

  @IsString({ message: 'Enter your password' })
  @Length(1, 200, { message: 'Enter your password' })
  password!: string;

  @IsString({ message: 'Enter the code from your authenticator app' })
  @Matches(/^\s*\d{3}\s?\d{3}\s*$/, { message: 'Enter the 6-digit code from your authenticator app' })
  otp!: string;
}

export class OrderNumberParams {
  @Matches(/^AFS-\d{8,}$/, { message: 'number is not an order number' })
  number!: string;
}

export class CreditNoteParams extends OrderNumberParams {
  @Matches(/^AFS-\d{8,}-CN\d{1,4}\.pdf$/, { message: 'not a credit note' })
  file!: string;
}

export class OrderSearchQuery {
  @IsOptional()
  @IsString()
  @MaxLength(254, { message: 'The search is too long' })
  @Transform(trimmed)
  q?: string;

  // The calendar's own check as well as the shape's: 2026-02-30 is no date, and the database would refuse it.
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'from must be a date (YYYY-MM-DD)' })
  from?: string;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'to must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'to must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class RefundDto {
  @ValidateIf((_, value) => value !== null)
  @IsArray({ message: 'positions must be a list of line numbers, or null for every line left' })
  @ArrayMaxSize(200)
  @ArrayUnique({ message: 'a line is named twice' })
  @IsInt({ each: true, message: 'positions must be line numbers' })
  @Min(0, { each: true, message: 'positions must be line numbers' })
  positions!: number[] | null;

  @IsString({ message: 'Give a reason for the refund' })
  @Transform(trimmed)
  @Length(1, 500, { message: 'Give a reason for the refund (at most 500 characters)' })
  reason!: string;

  @IsUUID('all', { message: 'request_key must be a UUID made by the page' })
  request_key!: string;
}

export class ReissueKeyDto {
  @IsInt({ message: 'position must be a line number' })
  @Min(0, { message: 'position must be a line number' })
  @Max(10_000)
  position!: number;
}

export class DisputeParams {
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'not a dispute id' })
  id!: string;
}

export class DisputeListQuery {
  @IsOptional()
  @IsIn(['open', 'accepted', 'disputed', 'won', 'lost', 'expired'], { message: 'status is not a dispute status' })
  status?: string;
}

export class DisputeEvidenceDto {
  @IsString({ message: 'Write the evidence' })
  @Transform(trimmed)
  @Length(1, 4000, { message: 'Evidence text is 1 to 4000 characters' })
  text!: string;
}

export class AttentionParams {
  @IsIn(['uncertain-charge', 'pending-order', 'failed-webhook', 'tax-id', 'certificate'], { message: 'not a list' })
  kind!: 'uncertain-charge' | 'pending-order' | 'failed-webhook' | 'tax-id' | 'certificate';

  @Matches(/^[A-Za-z0-9_:.-]{1,100}$/, { message: 'not an item' })
  id!: string;
}

export class AttentionActionDto {
  @IsIn(['check', 'retry', 'check-again', 'approve', 'reject'], { message: 'not an action' })
  action!: string;
}

export class CreateOperatorDto {
  @IsString()
  @Transform(trimmed)
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Enter an email address' })
  @MaxLength(254)
  email!: string;

  @IsString()
  @Transform(trimmed)
  @Length(1, 100, { message: 'Enter a first name' })
  first_name!: string;

  @IsString()
  @Transform(trimmed)
  @Length(1, 100, { message: 'Enter a last name' })
  last_name!: string;

  @IsIn(OPERATOR_ROLES, { message: 'role is support, finance or admin' })
  role!: OperatorRole;
}

export class OperatorParams {
  @IsUUID('all', { message: 'not a staff id' })
  id!: string;
}

export class UpdateOperatorDto {
  @IsOptional()
  @IsIn(OPERATOR_ROLES, { message: 'role is support, finance or admin' })
  role?: OperatorRole;

  @IsOptional()
  @IsBoolean({ message: 'disabled is true or false' })
  disabled?: boolean;
}

export class AuditQuery {
  @IsOptional()
  @Matches(/^[a-z-]{1,32}$/, { message: 'not a subject type' })
  subject_type?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_:.@-]{1,100}$/, { message: 'not a subject' })
  subject_id?: string;

  @IsOptional()
  @IsUUID('all', { message: 'not a staff id' })
  operator_id?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  before?: number;
}
