import { Body, Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import { CheckTaxId, SessionService } from '@store/application';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import { MultipartOnlyInterceptor } from '../http/multipart-only.interceptor';
import { success } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { ValidateTinForm } from './billing.dto';

@ApiTags('billing')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class TaxIdController {
  constructor(
    private readonly checkTaxId: CheckTaxId,
    private readonly sessions: SessionService,
  ) {}

  /**
   * POST /data/validate-tin/ (spec 2 §7): checks a tax ID before the billing address is saved. A
   * refused number answers 'The Tax ID you have entered is not valid'; one the register could not
   * check in time is accepted as unverified. Each check is kept as evidence with the customer.
   */
  @Post('validate-tin')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(MultipartOnlyInterceptor, NoFilesInterceptor())
  async validate(@Body() form: ValidateTinForm, @Req() request: Request) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    const verdict = await this.checkTaxId.execute({
      customerId: customer.id,
      country: form.country_code,
      taxId: form.tax_id,
      postalCode: form.postal_code?.trim() || null,
    });
    if (verdict.result === 'invalid') throw new DomainError('TAX_ID_INVALID', { fields: { tax_id: ['The Tax ID you have entered is not valid'] } });
    return success({ valid: true, status: verdict.result });
  }
}
