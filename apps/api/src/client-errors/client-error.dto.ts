import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/**
 * The sizes a report may have. The page trims to these before sending, so anything longer did not
 * come from our page and is refused rather than cut: a log line stays a line, not a dump.
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, where: 120 } as const;

/** Where the page was when it failed: `route:/en-gb/checkout` or `checkout:basket`; letters, digits and a few separators. */
const WHERE = /^[A-Za-z0-9:/._-]+$/;

/** POST /data/client-errors/: one render error the page caught, as its error boundary reports it. */
export class ClientErrorReportDto {
  @IsString() @MinLength(1) @MaxLength(CLIENT_ERROR_LIMITS.message) message!: string;

  /** The catalogued code the page showed with the error (999, the generic one, for a render error). */
  @IsInt() @Min(0) @Max(999_999) code!: number;

  @IsString()
  @MinLength(1)
  @MaxLength(CLIENT_ERROR_LIMITS.where)
  @Matches(WHERE, { message: 'where may hold only letters, digits and : / . _ -' })
  where!: string;

  @IsOptional() @IsString() @MaxLength(CLIENT_ERROR_LIMITS.stack) stack?: string;
}
