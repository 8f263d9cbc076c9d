import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { GetCreditNote, GetDownload, GetInvoice, GetOrder, ListOrders, SessionService } from '@store/application';
import { IsInt, Matches, Min } from 'class-validator';
import { Type } from 'class-transformer';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { success, unwrap } from '../http/result';
import { ReachedByNavigation } from '../http/requested-with.guard';
import { readSessionCookie } from '../identity/session-cookie';
import { orderJson } from './orders.presenter';

class OrderParams {
  @Matches(/^AFS-\d{8,}$/, { message: 'number is not an order number' })
  number!: string;
}

class CreditNoteParams extends OrderParams {
  @Matches(/^AFS-\d{8,}-CN\d{1,4}\.pdf$/, { message: 'not a credit note' })
  file!: string;
}

class DownloadParams extends OrderParams {
  @Type(() => Number)
  @IsInt({ message: 'position is not a line of the order' })
  @Min(0, { message: 'position is not a line of the order' })
  position!: number;
}

/** The customer's orders (issue 8): each only for its owner; anyone else meets the same 404. */
@ApiTags('orders')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/orders')
export class OrdersController {
  constructor(
    private readonly listOrders: ListOrders,
    private readonly getOrder: GetOrder,
    private readonly sessions: SessionService,
  ) {}

  @Get()
  async list(@Req() request: Request) {
    const orders = unwrap(await this.listOrders.execute(await this.sessions.customerOf(readSessionCookie(request))));
    return success({ orders: orders.map(({ order, productKeys }) => orderJson(order, productKeys)) });
  }

  @Get(':number')
  async one(@Param() params: OrderParams, @Req() request: Request) {
    const { order, productKeys } = unwrap(await this.getOrder.execute(await this.sessions.customerOf(readSessionCookie(request)), params.number));
    return success({ order: orderJson(order, productKeys) });
  }
}

/**
 * Downloads are plain links the browser follows (no X-Requested-With can be set), so they live
 * outside /data/: a GET that changes nothing, for the order's owner only (the SameSite session cookie).
 */
@ApiTags('orders')
@ReachedByNavigation()
@Controller('downloads')
export class DownloadsController {
  constructor(
    private readonly getInvoice: GetInvoice,
    private readonly getDownload: GetDownload,
    private readonly getCreditNote: GetCreditNote,
    private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The store's credit note of a refund of the customer's order (the refund's mail links it). */
  @Get(':number/credit-notes/:file')
  async creditNote(@Param() params: CreditNoteParams, @Req() request: Request, @Res() response: Response) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    const { number, pdf } = unwrap(await this.getCreditNote.forCustomer(customer, params.number, params.file.replace(/\.pdf$/, '')));
    sendPdf(response, `credit-note-${number}.pdf`, pdf);
  }

  /** The store's invoice of an order it sold (issue 8); the merchant of record issues its own. */
  @Get(':number/invoice.pdf')
  async invoice(@Param() params: OrderParams, @Req() request: Request, @Res() response: Response) {
    const { order, pdf } = unwrap(await this.getInvoice.execute(await this.sessions.customerOf(readSessionCookie(request)), params.number));
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="invoice-${order.number}.pdf"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.send(Buffer.from(pdf));
  }

  /**
   * A download of a paid order's line: to DOWNLOAD_BASE_URL when the files live on a download
   * service, otherwise a small demo file from here, so the link works on a machine of our own.
   */
  @Get(':number/:position')
  async download(@Param() params: DownloadParams, @Req() request: Request, @Res() response: Response) {
    const { order, line } = unwrap(await this.getDownload.execute(await this.sessions.customerOf(readSessionCookie(request)), params.number, params.position));
    if (this.config.DOWNLOAD_BASE_URL) {
      response.redirect(302, `${this.config.DOWNLOAD_BASE_URL.replace(/\/+$/, '')}/${encodeURIComponent(line.productReference)}/`);
      return;
    }
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${line.productReference}.txt"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.send(`${line.productName}\nOrder ${order.number}\nThis is the demo download; set DOWNLOAD_BASE_URL to serve the real installers.\n`);
  }
}

/** A PDF the browser saves, never cached: it carries the customer's name and address. */
export function sendPdf(response: Response, fileName: string, pdf: Uint8Array): void {
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'private, no-store');
  response.send(Buffer.from(pdf));
}
