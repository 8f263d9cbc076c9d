/**
 * The Digital River sandbox's records. They keep what the API answers with (camelCase, amounts in
 * major units as numbers, times as ISO-8601 strings) plus a few private facts the sandbox needs
 * (which test card made a source, how many orders a checkout was refused).
 */

export type CustomerType = 'individual' | 'business';

export interface Address {
  line1?: string;
  line2?: string;
  city?: string;
  postalCode?: string;
  state?: string;
  country?: string;
}

/** A checkout's `billTo` (and a source's `owner` without the names). */
export interface BillTo {
  address?: Address;
  name?: string;
  phone?: string;
  email?: string;
  organization?: string;
}

export interface ItemDiscount {
  amountOff?: number;
  percentOff?: number;
  quantity?: number;
}

/** An item as the request gave it. */
export interface ItemRequest {
  skuId?: string;
  productDetails?: Record<string, unknown>;
  /** The unit price, in major units; tax included when the checkout is `taxInclusive`. */
  price?: number;
  /** The price of all `quantity` units together, instead of `price`. */
  aggregatePrice?: number;
  quantity: number;
  discount?: ItemDiscount;
  metadata?: Record<string, unknown>;
}

export interface TaxIdentifierRecord {
  readonly id: string;
  readonly type: string;
  readonly value: string;
  state: 'pending' | 'verified' | 'not_valid';
  stateTransitions: Record<string, string>;
  customerId?: string;
  verifiedName?: string;
  verifiedAddress?: string;
  readonly createdTime: string;
  updatedTime: string;
}

export interface TaxCertificate {
  companyName: string;
  taxAuthority: string;
  startDate: string;
  endDate: string;
  fileId: string;
}

export interface CustomerRecord {
  readonly id: string;
  email?: string;
  type?: CustomerType;
  locale?: string;
  enabled: boolean;
  taxCertificates: TaxCertificate[];
  metadata?: Record<string, unknown>;
  readonly createdTime: string;
  updatedTime: string;
}

export interface FileRecord {
  readonly id: string;
  readonly purpose: string;
  readonly fileName: string | null;
  readonly title: string | null;
  readonly size: number;
  readonly type: string;
  readonly createdTime: string;
}

/** Ours: what a test card does later, decided when the source is made (the number is not kept). */
export type CardOutcome = 'approve' | 'decline';

export interface SourceRecord {
  readonly id: string;
  readonly clientSecret: string;
  readonly type: 'creditCard';
  readonly currency: string;
  readonly amount: number;
  reusable: boolean;
  readonly owner: Record<string, unknown>;
  readonly creditCard: { brand: string; lastFourDigits: string; expirationMonth: number; expirationYear: number };
  readonly flow: 'standard';
  state: 'chargeable' | 'consumed' | 'failed' | 'cancelled';
  readonly paymentSessionId: string | null;
  customerId?: string;
  readonly createdTime: string;
  updatedTime: string;
  /** Private: how a charge on this source ends. */
  readonly outcome: CardOutcome;
}

export interface CheckoutRecord {
  readonly id: string;
  readonly createdTime: string;
  updatedTime: string;
  currency: string;
  email?: string;
  locale?: string;
  browserIp?: string;
  customerId?: string;
  customerType: CustomerType;
  taxInclusive: boolean;
  billTo?: BillTo;
  /** Where physical goods are posted: when given, its address decides the tax (the provider's rule for shipped goods). */
  shipTo?: BillTo;
  items: (ItemRequest & { readonly id: string })[];
  discount?: { amountOff?: number; percentOff?: number };
  /** Ids of the tax identifiers attached to the checkout. */
  taxIdentifierIds: string[];
  upstreamId?: string;
  metadata?: Record<string, unknown>;
  readonly paymentSessionId: string;
  readonly paymentSessionSecret: string;
  /** The attached (primary) source, if any. */
  sourceId: string | null;
  /** Set once an order is made from it: a checkout makes one order. */
  orderId: string | null;
  /** Private: orders refused (declined) for this checkout so far. */
  rejectedOrders: number;
}

export interface ChargeRecord {
  readonly id: string;
  readonly createdTime: string;
  readonly currency: string;
  readonly amount: number;
  state: 'capturable' | 'failed' | 'cancelled' | 'complete';
  readonly sourceId: string;
  readonly paymentSessionId: string;
  readonly orderId: string;
}

/** An order keeps the checkout's priced snapshot it was made from. */
export interface OrderRecord {
  readonly id: string;
  readonly checkoutId: string;
  readonly upstreamId?: string;
  readonly createdTime: string;
  readonly snapshot: Record<string, unknown>;
  readonly charge: ChargeRecord;
  readonly sourceId: string;
  /** What POST /fulfillments said of it, oldest first (absent in state files written before fulfillments). */
  fulfillments?: FulfillmentRecord[];
}

/** One POST /fulfillments: per order item, how many were fulfilled (captured) and cancelled. */
export interface FulfillmentRecord {
  readonly id: string;
  readonly orderId: string;
  readonly upstreamId?: string;
  readonly createdTime: string;
  readonly items: readonly { readonly itemId: string; readonly quantity: number; readonly cancelQuantity: number }[];
}

/**
 * A refund (POST /refunds): of the whole order's captured money (`amount` or `percent`) or of some
 * of its items (`items`). Pending until the provider has given the money back, then succeeded (or
 * failed); pending and succeeded refunds both count against what is left to refund.
 */
export interface RefundRecord {
  readonly id: string;
  readonly orderId: string;
  readonly createdTime: string;
  updatedTime: string;
  readonly currency: string;
  readonly type?: string;
  readonly amount: number;
  readonly percent?: number;
  readonly items: readonly { readonly itemId: string; readonly quantity?: number; readonly amount: number }[];
  readonly reason?: string;
  readonly metadata?: Record<string, unknown>;
  state: 'pending' | 'succeeded' | 'failed';
  stateTransitions: Record<string, string>;
  failureReason?: string;
}

/** Ours: a fault a test asked for, used by the next matching call. */
export interface ForcedFault {
  /** The API's first path segment (`checkouts`, `orders`, `refunds`, `tax-identifiers`, `sources`, `customers`, `files`, or `drjs` for the browser script's calls), or `*`. */
  readonly resource: string;
  /** Only calls with this method; any when absent. */
  readonly method?: string;
  /** `service_unavailable` answers 503 without doing anything; `declined` makes an order's charge fail. */
  readonly fail?: 'service_unavailable' | 'declined';
  /** The call is done, then its answer is held this long (a provider timeout). */
  readonly delayMs?: number;
  /** How many calls it applies to. */
  remaining: number;
}

export interface DigitalRiverState {
  checkouts: Record<string, CheckoutRecord>;
  sources: Record<string, SourceRecord>;
  taxIdentifiers: Record<string, TaxIdentifierRecord>;
  customers: Record<string, CustomerRecord>;
  files: Record<string, FileRecord>;
  orders: Record<string, OrderRecord>;
  /** Absent in state files written before refunds (the store fills it in). */
  refunds: Record<string, RefundRecord>;
  forced: ForcedFault[];
  /** Ours: the drop-in never calls onReady while set (the page's 25 s mount limit). */
  dropInHangs: boolean;
}
