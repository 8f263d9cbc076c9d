import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_WHERE, type ClientErrorReportJson } from '@store/domain';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/**
 * POST /data/client-errors/: one render error the page caught, as its error boundary reports it.
 * The page trims to the contract's sizes before sending, so anything longer did not come from our
 * page and is refused rather than cut.
 */
export class ClientErrorReportDto implements ClientErrorReportJson {
  @IsString() @MinLength(1) @MaxLength(CLIENT_ERROR_LIMITS.message) message!: string;

  /** The catalogued code the page showed with the error (999, the generic one, for a render error). */
  @IsInt() @Min(0) @Max(999_999) code!: number;

  @IsString()
  @MinLength(1)
  @MaxLength(CLIENT_ERROR_LIMITS.where)
  @Matches(CLIENT_ERROR_WHERE, { message: 'where may hold only letters, digits and : / . _ -' })
  where!: string;

  @IsOptional() @IsString() @MaxLength(CLIENT_ERROR_LIMITS.stack) stack?: string;
}
