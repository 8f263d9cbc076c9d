import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, StreamableFile, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import { GetTaxCertificateFile, SessionService, UploadTaxCertificate } from '@store/application';
import type { Customer } from '@store/domain';
import type { Request, Response } from 'express';
import { readBasketCookie } from '../basket/basket-cookie';
import { success, unwrap } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { CertificateUploadInterceptor, type ReceivedUpload } from './certificate-upload.interceptor';
import { SignedInCustomer, SignedInCustomerGuard } from './signed-in-customer.guard';
import { TAX_CERTIFICATE_BODY, TaxCertificateForm } from './tax-certificate.dto';
import { taxCertificateJson } from './tax-certificate.presenter';

@ApiTags('tax-exemption')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/account/tax-certificate')
export class TaxCertificateController {
  constructor(
    private readonly uploadCertificate: UploadTaxCertificate,
    private readonly certificateFile: GetTaxCertificateFile,
    private readonly sessions: SessionService,
  ) {}

  /**
   * POST /data/account/tax-certificate/ (spec 2 §7): a signed-in customer's sales tax exemption
   * certificate, multipart with tax_authority, start_date, end_date and file. Refusals name their
   * fields (100100); nothing is kept of a refused upload.
   */
  @Post()
  @HttpCode(200)
  @UseGuards(SignedInCustomerGuard)
  @UseInterceptors(CertificateUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody(TAX_CERTIFICATE_BODY)
  async upload(
    @Body() form: TaxCertificateForm,
    @UploadedFile() file: ReceivedUpload | undefined,
    @SignedInCustomer() customer: Customer,
    @Req() request: Request,
  ) {
    const certificate = unwrap(
      await this.uploadCertificate.execute({
        customerId: customer.id,
        basketReference: readBasketCookie(request),
        taxAuthority: form.tax_authority ?? '',
        startDate: form.start_date ?? '',
        endDate: form.end_date ?? '',
        file: file?.received ? { name: file.originalname, content: file.received } : null,
      }),
    );
    return success({ certificate: taxCertificateJson(certificate) });
  }

  /**
   * The certificate's file, as a download, to the customer who uploaded it only. Signed out or not
   * the owner answers the same 404 as an unknown id, so nobody learns which certificates exist.
   */
  @Get(':id/file')
  async file(@Param('id') id: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    const { certificate, bytes } = unwrap(await this.certificateFile.execute(id, customer?.id ?? null));
    // attachment(): never shown inline on our origin, and the name encoded safely (RFC 6266).
    response.attachment(certificate.fileName);
    response.setHeader('Content-Type', certificate.contentType);
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(bytes, { length: bytes.length });
  }
}
