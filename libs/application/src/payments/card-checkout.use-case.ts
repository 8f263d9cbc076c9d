import { CARD_GATEWAY, DomainError, err, ok, savedMethodFits, type Customer, type Result, type StoreFeature } from '@store/domain';
import type { BasketReader } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingRepository } from '../billing/billing.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { CardGatewayPort, CardGatewaySettings } from './card-gateway.ports';
import type { ListSavedMethods, SavedMethodView } from './saved-methods.use-cases';

export interface CardCheckout {
  readonly clientToken: string;
  /** The merchant account the client token was made for; null for the gateway's default account. */
  readonly merchantAccountId: string | null;
  /** The basket's currency, which the token's merchant account charges. */
  readonly currency: string;
  /**
   * The saved methods that fit this basket (currency, billing country, method switched on), the
   * default first; expired and invalid ones included, so the page can show them as such.
   */
  readonly savedMethods: readonly SavedMethodView[];
  readonly settings: CardGatewaySettings;
}

/** The payment features the card gateway's settings switch on, as the saved methods' rules read them. */
export function featuresOfSettings(settings: CardGatewaySettings): StoreFeature[] {
  const on: [StoreFeature, boolean][] = [
    ['paypal', settings.wallets.payPal],
    ['venmo', settings.venmo === true],
    ['sepa', settings.bankDebits?.sepa === true],
    ['us-bank-account', settings.bankDebits?.usBankAccount === true],
  ];
  return on.filter(([, enabled]) => enabled).map(([feature]) => feature);
}

export interface CardCheckoutPorts {
  readonly baskets: BasketRepository;
  readonly reader: BasketReader;
  readonly paymentStates: PaymentStateRepository;
  readonly billing: BillingRepository;
  readonly gateway: CardGatewayPort;
  readonly savedMethods: ListSavedMethods;
  readonly settings: CardGatewaySettings;
}

/**
 * Sets up the card gateway for a basket (spec 2 §4 'Setup payment', §7 braintree-checkout): the
 * customer's saved methods, checked with the gateway first (they may have been updated or removed
 * there), and a client token that reaches the customer's vault when they have one, so the page's
 * vault manager lists the same methods.
 */
export class GetCardCheckout {
  constructor(private readonly ports: CardCheckoutPorts) {}

  async execute(customer: Customer, basketReference: string): Promise<Result<CardCheckout, DomainError>> {
    const { baskets, reader, paymentStates, billing, gateway, savedMethods, settings } = this.ports;
    const basket = await baskets.find(basketReference);
    if (!basket || basket.customerId !== customer.id) return err(new DomainError('BASKET_NOT_FOUND'));
    // Only a basket whose billing chose the card gateway gets a token: the choice belongs to this version.
    if ((await paymentStates.gatewayOf(basketReference)) !== CARD_GATEWAY.key) return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    const read = await reader.read(basket, { id: customer.id, email: customer.email, emailVerified: customer.emailVerified });
    if (!read.ok) return read;
    const currency = read.value.view.countryAccount.currency;

    const [saved, address] = await Promise.all([savedMethods.execute(customer), billing.find(customer.id)]);
    const context = { billingCountry: address?.country ?? '', currency, featuresOn: featuresOfSettings(settings), disabledPayPalCountries: settings.disabledPayPalCountries };
    const fitting = saved.filter((method) => savedMethodFits(method.details.kind, context));
    try {
      const clientToken = await gateway.clientToken({ vaultCustomerId: saved[0]?.vaultCustomerId ?? null, currency });
      return ok({ clientToken, merchantAccountId: settings.merchantAccounts?.[currency] ?? null, currency, savedMethods: fitting, settings });
    } catch {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
  }
}
