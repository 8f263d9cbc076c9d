import type { ChargeRequest, ChargeResult, MerchantOfRecordPort, MorCheckout, MorCheckoutRequest, MorTaxIdentifierState, ProviderCharge } from '@store/application';
import { DomainError, ErrorCatalogue, minorUnitDigits } from '@store/domain';
import type { LookupablePaymentPort } from '../ledgered-payment-port';

export interface DigitalRiverSettings {
  /** https://api.digitalriver.com, or the project's sandbox. */
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly timeoutMs: number;
}

/** The provider's error body (`{type, errors: [{code, parameter?, message}]}`). */
interface ProviderError {
  readonly type?: string;
  readonly errors?: readonly { readonly code?: string; readonly parameter?: string; readonly message?: string }[];
}

/** An answer the provider gave (any status): the adapter decides what each means. */
export class ProviderAnswer {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {}
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get codes(): string[] {
    return ((this.body as ProviderError).errors ?? []).map((error) => error.code ?? '');
  }
  describe(): string {
    return `${this.status} ${((this.body as ProviderError).errors ?? []).map((error) => `${error.code}: ${error.message}`).join('; ')}`;
  }
}

/** Thrown for a 5xx, a timeout or no connection: what the provider did is unknown. */
export class DigitalRiverUnavailable extends Error {}

type Json = Record<string, unknown>;
const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** Major units (the provider's) to minor units, by the currency's own number of digits. */
export function minorUnits(amount: unknown, currency: string): number {
  return Math.round(asNumber(amount) * 10 ** minorUnitDigits(currency));
}
export const majorUnits = (amountMinor: number, currency: string): number => amountMinor / 10 ** minorUnitDigits(currency);

/**
 * One call to the provider's API with the secret key. Any answer the provider gave comes back (the
 * caller decides what a 4xx means); a 5xx, a timeout, no connection or an answer that is not JSON
 * throw DigitalRiverUnavailable, since what the provider did is then unknown.
 */
export async function callDigitalRiver(settings: DigitalRiverSettings, method: string, path: string, body?: unknown, form?: FormData): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.secretKey}`,
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw new DigitalRiverUnavailable(`Digital River ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (response.status >= 500) throw new DigitalRiverUnavailable(`Digital River ${method} ${path}: ${response.status}`);
  let parsed: Json = {};
  try {
    parsed = text ? (JSON.parse(text) as Json) : {};
  } catch {
    throw new DigitalRiverUnavailable(`Digital River ${method} ${path}: an answer that is not JSON`);
  }
  return new ProviderAnswer(response.status, parsed);
}

/**
 * Digital River as the merchant of record, over its REST API (secret key): checkouts with the
 * provider's tax, tax identifiers, payment sources, and orders. An order is the charge: its
 * checkout carries our charge key as `upstreamId`, so after a timeout `lookup` finds the order
 * the provider may have made before another is attempted.
 */
export class DigitalRiverGateway implements MerchantOfRecordPort, LookupablePaymentPort {
  constructor(private readonly settings: DigitalRiverSettings) {}

  private call(method: string, path: string, body?: unknown, form?: FormData): Promise<ProviderAnswer> {
    return callDigitalRiver(this.settings, method, path, body, form);
  }

  /** A refusal that is not the shopper's to fix: the page's 'problem obtaining payment methods'. */
  private refused(answer: ProviderAnswer, what: string): never {
    throw new DomainError('PAYMENT_METHODS_UNAVAILABLE', { message: undefined, data: { provider: `${what}: ${answer.describe()}` } });
  }

  async createCheckout(request: MorCheckoutRequest): Promise<MorCheckout> {
    const customerId = await this.customer(request);
    const address = request.billingAddress;
    const answer = await this.call('POST', '/checkouts', {
      customerId,
      email: request.email,
      currency: request.currency,
      locale: request.locale,
      customerType: request.customerType,
      taxInclusive: request.taxInclusive,
      billTo: {
        name: request.name,
        email: request.email,
        ...(request.organization ? { organization: request.organization } : {}),
        address: {
          line1: address.line1,
          ...(address.line2 ? { line2: address.line2 } : {}),
          city: address.city,
          postalCode: address.postalCode,
          ...(address.state ? { state: address.state } : {}),
          country: address.country,
        },
      },
      // Shipped goods are taxed at the ship-to address (the provider's rule), so it goes with them.
      ...(request.shippingAddress
        ? {
            shipTo: {
              name: request.name,
              address: {
                line1: request.shippingAddress.line1,
                ...(request.shippingAddress.line2 ? { line2: request.shippingAddress.line2 } : {}),
                city: request.shippingAddress.city,
                postalCode: request.shippingAddress.postalCode,
                ...(request.shippingAddress.state ? { state: request.shippingAddress.state } : {}),
                country: request.shippingAddress.country,
              },
            },
          }
        : {}),
      items: request.items.map((item) => ({
        productDetails: { name: item.name, partNumber: item.productReference },
        aggregatePrice: majorUnits(item.amountMinor, request.currency),
        quantity: item.quantity,
        metadata: { productReference: item.productReference },
      })),
    });
    if (!answer.ok) this.refused(answer, 'checkout');
    return checkoutFrom(answer.body);
  }

  /** The provider's customer record of this shopper (ours: keyed by our customer id), with the exemption certificate when given. */
  private async customer(request: MorCheckoutRequest): Promise<string> {
    const id = `afs-${request.storeCustomerId}`;
    const found = await this.call('GET', `/customers/${id}`);
    if (found.status === 404) {
      const created = await this.call('POST', '/customers', { id, email: request.email, type: request.customerType });
      if (!created.ok) this.refused(created, 'customer');
    } else if (!found.ok) this.refused(found, 'customer');
    const certificate = request.taxCertificate;
    if (certificate) {
      const form = new FormData();
      form.append('purpose', 'tax_document_customer_upload');
      form.append('fileName', certificate.fileName);
      form.append('file', new Blob([certificate.bytes], { type: certificate.contentType }), certificate.fileName);
      const file = await this.call('POST', '/files', undefined, form);
      if (!file.ok) this.refused(file, 'certificate file');
      const updated = await this.call('POST', `/customers/${id}`, {
        taxCertificate: {
          companyName: certificate.companyName,
          taxAuthority: certificate.taxAuthority,
          startDate: `${certificate.startDate}T00:00:00Z`,
          endDate: `${certificate.endDate}T23:59:59Z`,
          fileId: file.body.id,
        },
      });
      if (!updated.ok) this.refused(updated, 'certificate');
    }
    return id;
  }

  async attachTaxIdentifier(checkoutId: string, taxIdentifier: { readonly type: string; readonly value: string }): Promise<MorCheckout> {
    const created = await this.call('POST', '/tax-identifiers', { type: taxIdentifier.type, value: taxIdentifier.value });
    if (created.status === 400) throw new DomainError('MOR_TAX_ID_INVALID');
    if (!created.ok) this.refused(created, 'tax identifier');
    if (created.body.state === 'not_valid') throw new DomainError('MOR_TAX_ID_INVALID');
    const attached = await this.call('POST', `/checkouts/${encodeURIComponent(checkoutId)}`, { taxIdentifiers: [{ id: created.body.id }] });
    // The identifier does not apply to this billing address (another country, or not a business's).
    if (attached.status === 409 && attached.codes.includes('invalid_parameter')) throw new DomainError('TAX_ID_ADDRESS_MISMATCH');
    if (attached.status === 404 || attached.codes.includes('order_exists')) throw new DomainError('MOR_CHECKOUT_EXPIRED');
    if (!attached.ok) this.refused(attached, 'tax identifier');
    return checkoutFrom(attached.body);
  }

  async attachSource(checkoutId: string, sourceId: string): Promise<{ readonly id: string }> {
    const answer = await this.call('POST', `/checkouts/${encodeURIComponent(checkoutId)}/sources/${encodeURIComponent(sourceId)}`);
    if (answer.ok) return { id: String(answer.body.id) };
    if (answer.status === 404 && answer.codes.some((code) => code === 'not_found') && /source/i.test(answer.describe())) {
      throw new DomainError('MOR_SOURCE_CREATION_FAILED');
    }
    if (answer.status === 404 || answer.codes.includes('order_exists')) throw new DomainError('MOR_CHECKOUT_EXPIRED');
    throw new DomainError('MOR_SOURCE_CREATION_FAILED', { data: { provider: answer.describe() } });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const checkoutId = request.checkoutId;
    if (!checkoutId || !request.paymentToken) return { outcome: 'declined', code: ErrorCatalogue.REQUIRED_FIELDS_MISSING.code, reason: 'No checkout or payment source' };
    const path = `/checkouts/${encodeURIComponent(checkoutId)}`;
    // The charge key goes on the checkout (the order takes its upstreamId from it), and the source
    // the page paid with is the checkout's; both are idempotent.
    const tagged = await this.call('POST', path, { upstreamId: request.idempotencyKey });
    if (tagged.codes.includes('order_exists')) return (await this.lookup(request.idempotencyKey)) ?? this.declined(tagged, ErrorCatalogue.ORDER_ALREADY_COMPLETE.code);
    if (!tagged.ok) return this.declined(tagged, tagged.status === 404 ? ErrorCatalogue.MOR_CHECKOUT_EXPIRED.code : ErrorCatalogue.ORDER_FAILED.code);
    const attached = await this.call('POST', `${path}/sources/${encodeURIComponent(request.paymentToken)}`);
    if (!attached.ok) return this.declined(attached, ErrorCatalogue.MOR_SOURCE_CREATION_FAILED.code);

    const ordered = await this.call('POST', '/orders', { checkoutId });
    if (ordered.ok) return { outcome: 'charged', transactionId: String(ordered.body.id) };
    if (ordered.status === 409 && ordered.codes.includes('failed-request')) return this.declined(ordered, ErrorCatalogue.MOR_PAYMENT_DECLINED.code);
    if (ordered.status === 409 && ordered.codes.includes('order_exists')) return (await this.lookup(request.idempotencyKey)) ?? this.declined(ordered, ErrorCatalogue.ORDER_ALREADY_COMPLETE.code);
    if (ordered.status === 404) return this.declined(ordered, ErrorCatalogue.MOR_CHECKOUT_EXPIRED.code);
    return this.declined(ordered, ErrorCatalogue.PAYMENT_DECLINED_CHANGE_METHOD.code);
  }

  async lookup(idempotencyKey: string): Promise<ChargeResult | null> {
    const answer = await this.call('GET', `/orders?upstreamIds=${encodeURIComponent(idempotencyKey)}`);
    if (!answer.ok) throw new DigitalRiverUnavailable(`Digital River order search: ${answer.describe()}`);
    // A cancelled order (given back by reconciliation) is no charge.
    const order = ((answer.body.data as Json[] | undefined) ?? []).find((candidate) => candidate.state !== 'cancelled');
    return order ? { outcome: 'charged', transactionId: String(order.id) } : null;
  }

  /** The provider's orders under these keys (their upstreamId) that are not cancelled: the charges in force. */
  async chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]> {
    if (idempotencyKeys.length === 0) return [];
    const answer = await this.call('GET', `/orders?limit=100&upstreamIds=${idempotencyKeys.map(encodeURIComponent).join(',')}`);
    if (!answer.ok) throw new DigitalRiverUnavailable(`Digital River order search: ${answer.describe()}`);
    return ((answer.body.data as Json[] | undefined) ?? [])
      .filter((order) => order.state !== 'cancelled' && idempotencyKeys.includes(String(order.upstreamId)))
      .map((order) => ({ idempotencyKey: String(order.upstreamId), transactionId: String(order.id) }));
  }

  /**
   * Cancels the provider's order, which cancels its charge (the Fulfillments API with every item's
   * cancelQuantity: the store has not fulfilled it, nothing was captured). The order is read first:
   * one already cancelled (a cancellation whose answer was lost) is left as it is.
   */
  async reverse(orderId: string): Promise<void> {
    const path = `/orders/${encodeURIComponent(orderId)}`;
    const found = await this.call('GET', path);
    if (found.status === 404) return;
    if (!found.ok) throw new DigitalRiverUnavailable(`Digital River order ${orderId}: ${found.describe()}`);
    if (found.body.state === 'cancelled') return;
    const items = ((found.body.items as Json[] | undefined) ?? []).map((item) => ({ itemId: String(item.id), cancelQuantity: asNumber(item.quantity) }));
    const cancelled = await this.call('POST', '/fulfillments', { orderId, ...(found.body.upstreamId ? { upstreamId: found.body.upstreamId } : {}), items });
    if (!cancelled.ok) throw new DigitalRiverUnavailable(`Digital River refused to cancel order ${orderId}: ${cancelled.describe()}`);
  }

  private declined(answer: ProviderAnswer, code: number): ChargeResult {
    return { outcome: 'declined', code, reason: `Digital River: ${answer.describe()}` };
  }
}

const TAX_ID_STATES: ReadonlySet<string> = new Set(['pending', 'verified', 'not_valid']);

/** The provider's checkout as the store keeps it: the session, the seller and the provider's totals. */
export function checkoutFrom(body: Json): MorCheckout {
  const currency = String(body.currency ?? '').toUpperCase();
  const payment = (body.payment ?? {}) as { session?: { id?: string } };
  const seller = (body.sellingEntity ?? {}) as { id?: string; name?: string };
  const gross = minorUnits(body.totalAmount, currency);
  const tax = minorUnits(body.totalTax, currency);
  const [identifier] = (body.taxIdentifiers as Json[] | undefined) ?? [];
  const state = String(identifier?.state ?? '');
  return {
    checkoutId: String(body.id),
    paymentSessionId: String(payment.session?.id ?? ''),
    sellingEntityId: String(seller.id ?? ''),
    sellingEntityName: String(seller.name ?? ''),
    customerId: String(body.customerId ?? ''),
    currency,
    totals: { netMinor: gross - tax, taxMinor: tax, grossMinor: gross, discountMinor: minorUnits(body.totalDiscount, currency) },
    taxIdentifier:
      identifier && TAX_ID_STATES.has(state) ? { type: String(identifier.type), value: String(identifier.value), state: state as MorTaxIdentifierState } : null,
  };
}
