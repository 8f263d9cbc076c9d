import { ok, type Customer, type CustomerCategory, type DomainError, type PaymentGateway, type Result, type StoreFeature } from '@store/domain';
import { checkBasketAccess } from '../basket/basket-access';
import type { ReadBasket } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { GetBasket } from '../basket/get-basket.use-case';
import type { BillingAddress, BillingRepository } from '../billing/billing.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { ShippingAddressRepository, ShippingChoice } from '../billing/shipping.ports';
import type { CustomerPayment, GetCustomerPayment } from '../payments/saved-methods.use-cases';
import type { ContactPreferences, CustomerCategoryRepository, CustomerRepository } from './identity.ports';

export interface ReadSessionQuery {
  readonly customer: Customer | null;
  /** The basket the page names in its address: it must be the browser's or the customer's own. */
  readonly namedBasket: string | null;
  /** The basket of the browser's cookie, read when the page names none. */
  readonly cookieBasket: string | null;
}

/** The signed-in customer with what the checkout fills in for them. */
export interface SessionAccount {
  readonly customer: Customer;
  readonly billing: BillingAddress | null;
  readonly shipping: ShippingChoice | null;
  readonly payment: CustomerPayment | null;
  readonly contactPreferences: ContactPreferences | null;
  /** Their other baskets with items, to carry on with. */
  readonly candidateBaskets: readonly string[];
}

/** Everything the checkout page starts from (spec 2 §7, the session call). */
export interface SessionState {
  readonly account: SessionAccount | null;
  readonly basket: ReadBasket | null;
  readonly paymentGateway: PaymentGateway | null;
  readonly customerCategories: { readonly business: readonly CustomerCategory[]; readonly education: readonly CustomerCategory[] };
  readonly features: readonly StoreFeature[];
}

export interface SessionStatePorts {
  readonly baskets: Pick<BasketRepository, 'find' | 'candidatesFor'>;
  readonly getBasket: Pick<GetBasket, 'execute'>;
  readonly customers: Pick<CustomerRepository, 'contactPreferences'>;
  readonly categories: CustomerCategoryRepository;
  readonly billing: Pick<BillingRepository, 'find'>;
  readonly shipping: Pick<ShippingAddressRepository, 'find'>;
  readonly paymentStates: Pick<PaymentStateRepository, 'gatewayOf'>;
  readonly customerPayment: Pick<GetCustomerPayment, 'execute'>;
}

/**
 * The session call's page state. A basket the page names must be readable by this browser or
 * customer, and its failure to read is the answer; the cookie's basket is only a convenience, so a
 * cookie naming a basket that is gone reads as no basket at all.
 */
export class ReadSession {
  constructor(
    private readonly ports: SessionStatePorts,
    /** What the store's configuration switches on; fixed for the life of the process. */
    private readonly features: readonly StoreFeature[],
  ) {}

  async execute(query: ReadSessionQuery): Promise<Result<SessionState, DomainError>> {
    const { customer } = query;
    const basket = await this.basket(query);
    if (!basket.ok) return basket;
    const reference = basket.value?.view.basket.reference ?? null;
    return ok({
      account: customer ? await this.account(customer, reference) : null,
      basket: basket.value,
      paymentGateway: reference ? await this.ports.paymentStates.gatewayOf(reference) : null,
      customerCategories: await this.ports.categories.list(),
      features: this.features,
    });
  }

  private async basket({ customer, namedBasket, cookieBasket }: ReadSessionQuery): Promise<Result<ReadBasket | null, DomainError>> {
    if (namedBasket) {
      const access = await checkBasketAccess(this.ports.baskets, namedBasket, { cookieReference: cookieBasket, customerId: customer?.id ?? null });
      if (!access.ok) return access;
    }
    const reference = namedBasket ?? cookieBasket;
    if (!reference) return ok(null);
    const viewer = customer ? { id: customer.id, email: customer.email, emailVerified: customer.emailVerified } : null;
    const read = await this.ports.getBasket.execute(reference, viewer);
    if (read.ok) return read;
    return namedBasket ? read : ok(null);
  }

  private async account(customer: Customer, basketReference: string | null): Promise<SessionAccount> {
    return {
      customer,
      billing: await this.ports.billing.find(customer.id),
      shipping: await this.ports.shipping.find(customer.id),
      payment: await this.ports.customerPayment.execute(customer),
      contactPreferences: await this.ports.customers.contactPreferences(customer.id),
      candidateBaskets: await this.ports.baskets.candidatesFor(customer.id, basketReference),
    };
  }
}
