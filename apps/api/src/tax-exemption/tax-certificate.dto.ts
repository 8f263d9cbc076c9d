import { ApiPropertyOptional, type ApiBodyOptions } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * The text fields of the certificate upload (spec 2 §7). Only their shape is checked here; the
 * rules and their messages (spec 2 §5) are the domain's, applied by the use case, so a missing
 * field answers 'Start date is required' rather than a type error.
 */
export class TaxCertificateForm {
  @ApiPropertyOptional({ example: 'CA', description: 'A US state or territory code' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tax_authority?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  start_date?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  end_date?: string;

  /** Sent by the browser with every multipart call (spec 1 §7). */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  __timestamp__?: string;
}

/** The OpenAPI description of the whole multipart body, the file included. */
export const TAX_CERTIFICATE_BODY: ApiBodyOptions = {
  schema: {
    type: 'object',
    required: ['tax_authority', 'start_date', 'end_date', 'file'],
    properties: {
      tax_authority: { type: 'string', example: 'CA' },
      start_date: { type: 'string', format: 'date' },
      end_date: { type: 'string', format: 'date' },
      file: { type: 'string', format: 'binary', description: 'PDF, PNG or JPEG, at most 10485760 bytes' },
    },
  },
};
