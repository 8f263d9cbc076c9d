import { determineGateway, DomainError, err, ok, showsTaxExemption, type Customer, type GatewayRules, type PaymentGateway, type Result } from '@store/domain';
import type { BasketReader } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingRepository } from './billing.ports';
import type { PaymentStateRepository } from './payment-state.ports';

export interface GatewayDecision {
  /** Null: no gateway takes this order (the page shows payment as unavailable). */
  readonly gateway: PaymentGateway | null;
  /** The sales tax exemption step comes next (spec 2 §4). */
  readonly showTaxExemption: boolean;
}

/**
 * After billing (spec 2 §4): the gateway for the customer's basket from the configured rules, kept
 * as the basket's payment state, and whether the exemption certificate step shows.
 */
export class DetermineGateway {
  constructor(
    private readonly rules: GatewayRules,
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
    private readonly billing: BillingRepository,
    private readonly paymentStates: PaymentStateRepository,
  ) {}

  async execute(customer: Customer, basketReference: string): Promise<Result<GatewayDecision, DomainError>> {
    const address = await this.billing.find(customer.id);
    if (!address) return err(new DomainError('BILLING_ADDRESS_REQUIRED'));
    const basket = await this.baskets.find(basketReference);
    if (!basket) return err(new DomainError('BASKET_NOT_FOUND'));
    const read = await this.reader.read(basket, { id: customer.id, email: customer.email, emailVerified: customer.emailVerified });
    if (!read.ok) return read;
    const { view } = read.value;
    const gateway = determineGateway(this.rules, {
      billingCountry: address.country,
      currency: view.countryAccount.currency,
      // A free download pays nothing either, nor an order a voucher pays in full: all take the complimentary way.
      orderIsComplimentary: view.amountToPay.amountMinor === 0,
    });
    if (gateway !== null && !(await this.paymentStates.chooseGateway(view.basket.reference, view.basket.version, gateway))) {
      return err(new DomainError('BASKET_STALE'));
    }
    return ok({
      gateway,
      showTaxExemption: showsTaxExemption({
        billingCountry: address.country,
        accountType: customer.accountType,
        gateway,
        orderIsComplimentary: view.orderIsComplimentary,
      }),
    });
  }
}
