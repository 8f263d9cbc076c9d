import { dropInErrorCode, ErrorCatalogue, type CustomerJson, type MorCheckoutJson } from '@store/domain';

/**
 * The merchant-of-record payment section's pure rules (spec 2 §4, §5, §8, §9): which drop-in errors
 * the shopper hears about, when a tax identifier is attached, when the Mexican compliance statement
 * shows, and how long the drop-in may take to mount.
 */

/** The drop-in's options (spec 2 §9): first method expanded, flow checkout, button payNow, terms disclosure shown, save-agreement hidden. */
export const DROP_IN_OPTIONS = {
  flow: 'checkout',
  expandFirstPaymentMethod: true,
  button: { type: 'payNow' },
  showTermsOfSaleDisclosure: true,
  showSavePaymentAgreement: false,
} as const;

export interface DropInError {
  readonly code?: string;
  readonly message?: string;
}

/**
 * The response code a drop-in error shows (spec 2 §8), or null when the drop-in's own field messages
 * are enough: source_creation_failed has its own code; incomplete or invalid card number, expiry or
 * security code are ignored; anything else (an unknown code, no code, no errors at all) is the generic 999.
 */
export function dropInFailureCode(errors: readonly DropInError[] | undefined): number | null {
  const codes = (errors ?? []).map((error) => (typeof error.code === 'string' ? dropInErrorCode(error.code) : ErrorCatalogue.GENERIC.code));
  if (codes.length === 0) return ErrorCatalogue.GENERIC.code;
  if (codes.includes(ErrorCatalogue.MOR_SOURCE_CREATION_FAILED.code)) return ErrorCatalogue.MOR_SOURCE_CREATION_FAILED.code;
  return codes.find((code) => code !== null) ?? null;
}

/** The tax identifier element's change event (DigitalRiver.js). */
export interface TaxIdentifierChange {
  readonly complete?: boolean;
  readonly error?: unknown;
  readonly identifier?: { readonly value?: string | null; readonly type?: string | null } | null;
}

export interface TaxIdentifier {
  readonly type: string;
  readonly value: string;
}

/**
 * The tax identifier to attach for a change event (spec 2 §5: only when complete and without
 * error), or null; one already sent (attached or refused) is not sent again.
 */
export function taxIdentifierToAttach(event: TaxIdentifierChange, alreadySent: TaxIdentifier | null): TaxIdentifier | null {
  if (event.complete !== true || event.error) return null;
  const type = event.identifier?.type;
  const value = event.identifier?.value;
  if (!type || !value) return null;
  if (alreadySent && alreadySent.type === type && alreadySent.value === value) return null;
  return { type, value };
}

/** Spec 2 §2: the Mexican compliance statement shows when the billing country is MX and the provider charges no tax. */
export function showsMexicoComplianceStatement(billingCountry: string | null | undefined, checkout: Pick<MorCheckoutJson, 'totals'>): boolean {
  return billingCountry?.toUpperCase() === 'MX' && checkout.totals.tax.amount_minor === 0;
}

/** Ours: the statement's wording (decisions.md, 'Merchant of record (issue 11)'). */
export function mexicoComplianceStatement(sellingEntityName: string): string {
  return `${sellingEntityName} sells this order to you as our authorised reseller and merchant of record. The price shown includes all taxes that apply in Mexico; no further tax is charged, and ${sellingEntityName} issues your electronic invoice (CFDI).`;
}

/** data.checkout of the merchant-of-record actions is JSON text (spec 2 §7). */
export function parseMorCheckout(text: string): MorCheckoutJson {
  const parsed = JSON.parse(text) as MorCheckoutJson;
  if (!parsed || typeof parsed.checkoutId !== 'string' || typeof parsed.paymentSessionId !== 'string' || !parsed.totals) {
    throw new Error('The merchant-of-record checkout is not in the expected shape');
  }
  return parsed;
}

/** The drop-in's billingAddress (DigitalRiver.js) from the customer's billing address. */
export function dropInBillingAddress(customer: Pick<CustomerJson, 'first_name' | 'last_name' | 'email' | 'account' | 'billing'>) {
  const billing = customer.billing;
  const line2 = [billing?.line_2, billing?.line_3].filter(Boolean).join(', ');
  return {
    firstName: customer.first_name,
    lastName: customer.last_name,
    email: customer.email,
    ...(customer.account.account_name ? { organization: customer.account.account_name } : {}),
    address: {
      line1: billing?.line_1 ?? '',
      ...(line2 ? { line2 } : {}),
      city: billing?.city ?? '',
      postalCode: billing?.postal_code ?? '',
      ...(billing?.state ? { state: billing.state } : billing?.county ? { state: billing.county } : {}),
      country: billing?.country ?? '',
    },
  };
}

/** DigitalRiver.js's stylesheet sits beside the script: {origin}/v1/css/DigitalRiver.css for {origin}/v1/DigitalRiver.js. */
export function stylesheetUrlFor(scriptUrl: string): string {
  return new URL('css/DigitalRiver.css', scriptUrl).toString();
}

export interface Timers {
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

/**
 * The drop-in's mount wait (spec 2 §4, §9): it starts when the payment section becomes active; the
 * limit (25 s, from the set-up) may be learnt later and counts from that start; onReady stops it;
 * past the limit it gives up once. Leaving the section stops it, and coming back starts it afresh.
 */
export class MountWait {
  private startedAt: number | null = null;
  private handle: unknown = null;
  private settled = false;

  constructor(private readonly timers: Timers) {}

  /** The section became active. */
  start(): void {
    this.stop();
    this.startedAt = this.timers.now();
    this.settled = false;
  }

  /** The limit is known: gives up after what is left of it, at once if it has already passed. */
  limit(limitMs: number, onGiveUp: () => void): void {
    if (this.startedAt === null || this.settled) return;
    this.clear();
    const left = Math.max(0, this.startedAt + limitMs - this.timers.now());
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      if (this.settled) return;
      this.settled = true;
      onGiveUp();
    }, left);
  }

  /** The drop-in said it is ready in time: no more waiting. False when it came too late. */
  ready(): boolean {
    if (this.settled || this.startedAt === null) return false;
    this.settled = true;
    this.clear();
    return true;
  }

  /** The section is no longer active. */
  stop(): void {
    this.clear();
    this.startedAt = null;
    this.settled = false;
  }

  private clear(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }
}
