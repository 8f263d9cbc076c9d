import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ListSavedMethods, MakeSavedMethodDefault, RemoveSavedMethod, StartPayPalVault } from '@store/application';
import { DomainError, isSavedMethodReference, type Customer } from '@store/domain';
import { success, unwrap } from '../http/result';
import { SignedInCustomer, SignedInCustomerGuard } from '../tax-exemption/signed-in-customer.guard';
import { savedMethodsJson } from './saved-methods.presenter';

const notFound = () => new DomainError('NOT_FOUND', { message: 'There is no such saved payment method in your account' });

/**
 * The customer's saved payment methods in account/details/: every card, PayPal and Venmo account
 * and bank account they saved, the default first; choosing the default, and removing one. Each
 * answer is the list as it is after, checked with the gateway's vault.
 */
@ApiTags('payments')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/account/saved-methods')
@UseGuards(SignedInCustomerGuard)
export class SavedMethodsController {
  constructor(
    private readonly list: ListSavedMethods,
    private readonly makeDefault: MakeSavedMethodDefault,
    private readonly remove: RemoveSavedMethod,
    private readonly payPalVault: StartPayPalVault,
  ) {}

  /** GET /data/account/saved-methods/: the list, and whether a PayPal account can be added here. */
  @Get()
  async saved(@SignedInCustomer() customer: Customer) {
    return success(savedMethodsJson(await this.list.execute(customer), this.payPalVault.offered));
  }

  /** POST /data/account/saved-methods/{reference}/default: the gateway's default first, then ours. */
  @Post(':reference/default')
  @HttpCode(200)
  async chooseDefault(@Param('reference') reference: string, @SignedInCustomer() customer: Customer) {
    if (!isSavedMethodReference(reference)) throw notFound();
    return success(savedMethodsJson(unwrap(await this.makeDefault.execute(customer, reference)), this.payPalVault.offered));
  }

  /** DELETE /data/account/saved-methods/{reference}: from the gateway's vault first; another customer's reads as not there. */
  @Delete(':reference')
  @HttpCode(200)
  async removeOne(@Param('reference') reference: string, @SignedInCustomer() customer: Customer) {
    if (!isSavedMethodReference(reference)) throw notFound();
    return success(savedMethodsJson(unwrap(await this.remove.execute(customer, reference)), this.payPalVault.offered));
  }
}
