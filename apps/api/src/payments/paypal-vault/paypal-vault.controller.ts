import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ListSavedMethods, SavePayPalAccount, SessionService, StartPayPalVault } from '@store/application';
import { DomainError, type Customer } from '@store/domain';
import { IsString, Matches, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { success, unwrap } from '../../http/result';
import { readSessionCookie } from '../../identity/session-cookie';
import { savedMethodsJson } from '../saved-methods.presenter';

/** The nonce braintree-web's PayPal module made from the payer's approval in the vault flow. */
export class SavePayPalAccountBody {
  @IsString()
  @MaxLength(128)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'nonce is not a payment method nonce' })
  nonce!: string;
}

/** 'Add a PayPal account' in account/details/: PayPal's vault flow, saving the account without paying (spec 3). */
@ApiTags('payments')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/account')
export class PayPalVaultController {
  constructor(
    private readonly start: StartPayPalVault,
    private readonly save: SavePayPalAccount,
    private readonly list: ListSavedMethods,
    private readonly sessions: SessionService,
  ) {}

  private async customer(request: Request): Promise<Customer> {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    return customer;
  }

  /** GET /data/account/paypal-vault/: the client token the page sets braintree-web's PayPal module up with. */
  @Get('paypal-vault')
  async setUp(@Req() request: Request) {
    await this.customer(request);
    const started = unwrap(await this.start.execute());
    return success({ client_token: started.clientToken, environment: started.environment });
  }

  /** POST /data/account/saved-paypal/ {nonce}: vaults the approved account and adds it to the saved methods, which it answers with. */
  @Post('saved-paypal')
  @HttpCode(200)
  async savePayPal(@Body() body: SavePayPalAccountBody, @Req() request: Request) {
    const customer = await this.customer(request);
    unwrap(await this.save.execute(customer, body.nonce));
    return success(savedMethodsJson(await this.list.execute(customer), this.start.offered));
  }
}
