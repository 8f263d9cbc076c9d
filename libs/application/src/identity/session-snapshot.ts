import type { Basket, Customer, PaymentGateway } from '@store/domain';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingAddress, BillingRepository } from '../billing/billing.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { ShippingAddressRepository, ShippingChoice } from '../billing/shipping.ports';
import type { SavedMethod, SavedMethodRepository } from '../payments/saved-methods.ports';
import type { ContactPreferences, CustomerRepository, SessionRepository } from './identity.ports';

export interface SessionSnapshotRequest {
  /** The digest of the session cookie's secret, if the browser sent one. */
  readonly sessionDigest: string | null;
  readonly now: Date;
  /** The basket to read (the one the page names, or else the cookie's). */
  readonly basketReference: string | null;
}

/** What a signed-in customer's session shows of their account, as stored. */
export interface SnapshotAccount {
  readonly billing: BillingAddress | null;
  readonly shipping: ShippingChoice | null;
  /** Their saved payment methods, the default first, then the newest. */
  readonly savedMethods: readonly SavedMethod[];
  readonly contactPreferences: ContactPreferences | null;
  /** Their other open baskets with items (`candidatesFor` leaving out the basket asked for). */
  readonly candidateBaskets: readonly string[];
}

/** Everything the session call reads from storage, as one consistent picture. */
export interface SessionSnapshot {
  /** The live session's customer; null for no session, an expired one, or a suspended customer. */
  readonly customer: Customer | null;
  /** The open (not ordered) basket asked for, if it exists. */
  readonly basket: Basket | null;
  /** The gateway chosen for that basket's current version. */
  readonly paymentGateway: PaymentGateway | null;
  /** Present exactly when `customer` is. */
  readonly account: SnapshotAccount | null;
}

/** Reads a session snapshot (in production one statement: the session call's only round trip on most reads). */
export interface SessionSnapshots {
  read(request: SessionSnapshotRequest): Promise<SessionSnapshot>;
}
export const SESSION_SNAPSHOTS = Symbol('SessionSnapshots');

export interface SessionSnapshotPorts {
  readonly sessions: Pick<SessionRepository, 'customerOf'>;
  readonly baskets: Pick<BasketRepository, 'find' | 'candidatesFor'>;
  readonly customers: Pick<CustomerRepository, 'contactPreferences'>;
  readonly billing: Pick<BillingRepository, 'find'>;
  readonly shipping: Pick<ShippingAddressRepository, 'find'>;
  readonly paymentStates: Pick<PaymentStateRepository, 'gatewayOf'>;
  readonly savedMethods: Pick<SavedMethodRepository, 'listFor'>;
}

/**
 * The snapshot read one repository at a time: what the single statement must equal (its
 * integration spec compares the two on the same database) and what in-memory worlds use.
 */
export class SessionSnapshotsFromRepositories implements SessionSnapshots {
  constructor(private readonly ports: SessionSnapshotPorts) {}

  async read({ sessionDigest, now, basketReference }: SessionSnapshotRequest): Promise<SessionSnapshot> {
    const { ports } = this;
    const found = sessionDigest ? await ports.sessions.customerOf(sessionDigest, now) : null;
    const customer = found && found.status !== 'suspended' ? found : null;
    const basket = basketReference ? await ports.baskets.find(basketReference) : null;
    const account = customer
      ? {
          billing: await ports.billing.find(customer.id),
          shipping: await ports.shipping.find(customer.id),
          savedMethods: await ports.savedMethods.listFor(customer.id),
          contactPreferences: await ports.customers.contactPreferences(customer.id),
          candidateBaskets: await ports.baskets.candidatesFor(customer.id, basketReference),
        }
      : null;
    return { customer, basket, paymentGateway: basket ? await ports.paymentStates.gatewayOf(basket.reference) : null, account };
  }
}
