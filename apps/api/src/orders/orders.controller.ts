import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { INVOICE_RENDERER, ORDER_REPOSITORY, SessionService, type InvoiceRenderer, type Order, type OrderRepository } from '@store/application';
import { DomainError, type Customer } from '@store/domain';
import { IsInt, Matches, Min } from 'class-validator';
import { Type } from 'class-transformer';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { success } from '../http/result';
import { ReachedByNavigation } from '../http/requested-with.guard';
import { readSessionCookie } from '../identity/session-cookie';
import { orderJson } from './orders.presenter';

class OrderParams {
  @Matches(/^AFS-\d{8,}$/, { message: 'number is not an order number' })
  number!: string;
}

class DownloadParams extends OrderParams {
  @Type(() => Number)
  @IsInt({ message: 'position is not a line of the order' })
  @Min(0, { message: 'position is not a line of the order' })
  position!: number;
}

/** The signed-in customer's order of this number; anyone else's, or none, is the same 404. */
async function ownedOrder(orders: OrderRepository, sessions: SessionService, request: Request, number: string): Promise<{ order: Order; customer: Customer }> {
  const customer = await sessions.customerOf(readSessionCookie(request));
  if (!customer) throw new DomainError('SESSION_EXPIRED');
  const order = await orders.find(number);
  if (!order || order.customerId !== customer.id) throw new DomainError('NOT_FOUND', { message: 'There is no such order in your account' });
  return { order, customer };
}

/** The customer's orders (issue 8): each only for its owner; anyone else meets the same 404. */
@ApiTags('orders')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/orders')
export class OrdersController {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    private readonly sessions: SessionService,
  ) {}

  private async owned(request: Request, number: string): Promise<Order> {
    return (await ownedOrder(this.orders, this.sessions, request, number)).order;
  }

  @Get()
  async list(@Req() request: Request) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    const orders = await this.orders.listFor(customer.id);
    const json = await Promise.all(orders.map(async (order) => orderJson(order, order.status === 'paid' ? await this.orders.productKeys(order.number) : [])));
    return success({ orders: json });
  }

  @Get(':number')
  async one(@Param() params: OrderParams, @Req() request: Request) {
    const order = await this.owned(request, params.number);
    return success({ order: orderJson(order, order.status === 'paid' ? await this.orders.productKeys(order.number) : []) });
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
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(INVOICE_RENDERER) private readonly invoices: InvoiceRenderer,
  ) {}

  private async owned(request: Request, number: string): Promise<Order> {
    return (await ownedOrder(this.orders, this.sessions, request, number)).order;
  }

  /**
   * A download of a paid order's line: to DOWNLOAD_BASE_URL when the files live on a download
   * service, otherwise a small demo file from here, so the link works on a machine of our own.
   */
  /** The store's invoice of an order it sold (issue 8); the merchant of record issues its own. */
  @Get(':number/invoice.pdf')
  async invoice(@Param() params: OrderParams, @Req() request: Request, @Res() response: Response) {
    const { order, customer } = await ownedOrder(this.orders, this.sessions, request, params.number);
    if (order.status !== 'paid' || order.gateway === 'digital-river') {
      throw new DomainError('NOT_FOUND', { message: 'The invoice for this order comes from our reseller, Digital River' });
    }
    const pdf = await this.invoices.render(order, customer, {
      name: this.config.SELLER_NAME,
      address: this.config.SELLER_ADDRESS.split('|').map((line) => line.trim()),
      taxId: this.config.SELLER_TAX_ID ?? null,
    });
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="invoice-${order.number}.pdf"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.send(Buffer.from(pdf));
  }

  @Get(':number/:position')
  async download(@Param() params: DownloadParams, @Req() request: Request, @Res() response: Response) {
    const order = await this.owned(request, params.number);
    const line = order.lines[params.position];
    if (order.status !== 'paid' || !line) throw new DomainError('NOT_FOUND', { message: 'There is no such download in your account' });
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
