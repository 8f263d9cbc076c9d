import { DomainError, err, ok, type Customer, type CustomerCategory, type PaymentGateway, type Result, type StoreFeature } from '@store/domain';
import type { BasketReader, ReadBasket } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingAddress } from '../billing/billing.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { ShippingChoice } from '../billing/shipping.ports';
import { customerPaymentOf, type CustomerPayment } from '../payments/saved-methods.use-cases';
import type { Clock } from '../shared/ports';
import type { ContactPreferences, CustomerCategoryRepository, SecretGenerator } from './identity.ports';
import type { SessionSnapshot, SessionSnapshots, SnapshotAccount } from './session-snapshot';

export interface ReadSessionQuery {
  /** The session cookie's secret, if the browser sent one. */
  readonly session: string | null;
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
  /** The session, its customer and account, the basket and its gateway, read together. */
  readonly snapshots: SessionSnapshots;
  readonly reader: Pick<BasketReader, 'read'>;
  /** Read again only when the snapshot cannot answer: a basket corrected on reading, one that could not be read. */
  readonly baskets: Pick<BasketRepository, 'candidatesFor'>;
  readonly paymentStates: Pick<PaymentStateRepository, 'gatewayOf'>;
  readonly categories: CustomerCategoryRepository;
  readonly secrets: Pick<SecretGenerator, 'digest'>;
  readonly clock: Clock;
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
    const { namedBasket, cookieBasket } = query;
    const snapshot = await this.ports.snapshots.read({
      sessionDigest: query.session ? this.ports.secrets.digest(query.session) : null,
      now: this.ports.clock.now(),
      basketReference: namedBasket ?? cookieBasket,
    });
    const { customer } = snapshot;
    // Only the browser holding the basket's cookie or the customer it belongs to may read it by name;
    // any other reference answers as unknown, so references cannot be probed.
    if (namedBasket && namedBasket !== cookieBasket && !(customer && snapshot.basket?.customerId === customer.id)) {
      return err(new DomainError('BASKET_NOT_FOUND'));
    }
    const basket = await this.basket(snapshot, namedBasket !== null);
    if (!basket.ok) return basket;
    const read = basket.value;
    return ok({
      account: customer && snapshot.account ? await this.account(customer, snapshot.account, snapshot.basket !== null, read) : null,
      basket: read,
      paymentGateway: await this.gateway(snapshot, read),
      customerCategories: await this.ports.categories.list(),
      features: this.features,
    });
  }

  private async basket({ basket, customer, account }: SessionSnapshot, named: boolean): Promise<Result<ReadBasket | null, DomainError>> {
    if (!basket) return named ? err(new DomainError('BASKET_NOT_FOUND')) : ok(null);
    const viewer = customer ? { id: customer.id, email: customer.email, emailVerified: customer.emailVerified } : null;
    const read = await this.ports.reader.read(basket, viewer, account ? { billing: account.billing } : {});
    if (read.ok) return read;
    return named ? read : ok(null);
  }

  /** The snapshot's gateway is that of the basket as read; a basket corrected (and saved) on reading is asked again. */
  private async gateway(snapshot: SessionSnapshot, read: ReadBasket | null): Promise<PaymentGateway | null> {
    if (!read) return null;
    return read.view.basket === snapshot.basket ? snapshot.paymentGateway : this.ports.paymentStates.gatewayOf(read.view.basket.reference);
  }

  private async account(customer: Customer, account: SnapshotAccount, basketFound: boolean, read: ReadBasket | null): Promise<SessionAccount> {
    // The snapshot leaves out the basket asked for; one that exists but could not be read is still theirs to carry on with.
    const candidateBaskets = basketFound && !read ? await this.ports.baskets.candidatesFor(customer.id, null) : account.candidateBaskets;
    return {
      customer,
      billing: account.billing,
      shipping: account.shipping,
      payment: customerPaymentOf(account.savedMethods, this.ports.clock.now()),
      contactPreferences: account.contactPreferences,
      candidateBaskets,
    };
  }
}
