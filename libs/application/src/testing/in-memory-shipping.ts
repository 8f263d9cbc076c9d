import type { ShippingAddress, ShippingAddressRepository, ShippingChoice } from '../billing/shipping.ports';

/** Each customer's delivery choice, and the address each order was posted to. */
export class InMemoryShippingAddresses implements ShippingAddressRepository {
  readonly choices = new Map<string, ShippingChoice>();
  readonly orderAddresses = new Map<string, ShippingAddress>();

  async find(customerId: string): Promise<ShippingChoice | null> {
    return this.choices.get(customerId) ?? null;
  }
  async save(customerId: string, choice: ShippingChoice): Promise<void> {
    this.choices.set(customerId, choice);
  }
  async recordForOrder(orderNumber: string, address: ShippingAddress): Promise<void> {
    this.orderAddresses.set(orderNumber, address);
  }
}
