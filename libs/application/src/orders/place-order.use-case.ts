import {
  DomainError,
  err,
  errorNameForCode,
  ErrorCatalogue,
  formatProductKey,
  gatewayDescriptor,
  isPayingGateway,
  METHOD_NOT_AVAILABLE,
  methodAvailable,
  needsPayment,
  paymentMethod,
  money,
  ok,
  requiresWithdrawalConsent,
  hashShowsBasket,
  savedMethodFits,
  savedMethodState,
  toDecimalString,
  WITHDRAWAL_CONSENT_TEXT,
  type Customer,
  type LocalPaymentMethod,
  type PaymentGateway,
  type Result,
  type SavedMethodKind,
  type StoreFeature,
} from '@store/domain';
import type { BasketReader } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { BillingAddress, BillingRepository } from '../billing/billing.ports';
import { deliveryAddress, type ShippingAddressRepository } from '../billing/shipping.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import { amountCharged, orderCharge, type Fulfilment, type KeyMaterial, type Order, type OrderDraft, type OrderRepository, type PaymentPorts, type ProductKey, type VaultedMethodOfCharge } from './orders.ports';
import { NO_CHECKPOINTS, type Checkpoints } from './checkpoints';
import type { SavedMethod, SavedMethodRepository } from '../payments/saved-methods.ports';
import type { KeepVaultedMethod } from '../payments/saved-methods.use-cases';
import type { Clock } from '../shared/ports';
import { receiptMail } from './receipt';
import type { LocalPaymentRepository } from '../payments/local-payments/local-payments.ports';
import type { BankDebitReleases } from '../payments/bank-debits/bank-debit-notifications';
import { showsBillingAddress, type ShownBillingAddress } from './order-addresses';
import { NO_OPERATIONS_EVENTS, type OperationsEvents } from '../shared/operations-events';

export interface PlaceOrderCommand {
  readonly customer: Customer;
  readonly basketReference: string;
  readonly basketStaleHash: string;
  readonly gateway: PaymentGateway;
  readonly paymentToken: string | null;
  readonly deviceData: string | null;
  readonly checkoutId: string | null;
  readonly existingOrderNumber: string | null;
  /**
   * The amount the page showed and 3-D Secure verified, as the decimal string the basket gave it
   * (our addition to spec 2 §7's payload); when sent, the order is placed only for that amount.
   */
  readonly shownAmount?: string | null;
  /** The shopper ticked the immediate-supply consent (needed in the EU, EEA and UK for paid orders). */
  readonly withdrawalConsent: boolean;
  /** Save the card, or the PayPal account, for next time (spec 2 §7 vault_payment_method). */
  readonly vaultPaymentMethod?: boolean;
  /**
   * The customer's saved method paying (its store reference). A card comes with the vault
   * manager's nonce for it in paymentToken (3-D Secured when that is on) or none; the other kinds
   * never with a token from the page: the server charges the vault token it keeps.
   */
  readonly savedMethod?: string | null;
  /** A saved card's security code typed again, as a CVV-only nonce (when the store's rules ask for it). */
  readonly savedCardCvvToken?: string | null;
  /** The billing address the page showed (spec 2 §7 billing_address): the order is placed only against it. */
  readonly shownBillingAddress?: ShownBillingAddress | null;
  /**
   * Spec 2 §7 update_shipping_address (the page sends false): true posts the order to the billing
   * address and keeps that as the customer's delivery choice.
   */
  readonly updateShippingAddress?: boolean;
  /** The payment method the page named (payment_method_type), for the operators' counts only. */
  readonly paymentMethod?: string | null;
  readonly locale: string;
  /** The store's public address, for the links in the receipt. */
  readonly storeUrl: string;
  /**
   * The payment features the store has switched on. A saved method pays only while its method is
   * on: the page offers it only then, but the server does not take the page's word.
   */
  readonly featuresOn?: readonly StoreFeature[];
  /**
   * START_LOCAL_PAYMENT: the order is reserved with every check of a placement and recorded as
   * paid by this local payment, and nothing is charged: the payer approves it away from the store
   * (the provider's window, their bank's app, an invoice), and the order waits, pending, for that.
   */
  readonly localPayment?: {
    readonly paymentId: string;
    readonly method: LocalPaymentMethod;
    /** The store features that are on: a local method is offered only with its switch. */
    readonly features: readonly StoreFeature[];
  } | null;
}

export interface PlacedOrder {
  readonly order: Order;
  /** The order confirmation page (spec 2 §7 data.redirect). */
  readonly redirect: string;
}

/** What the shopper is told about money after a failure (issue 8): never a guess. */
export type ChargeState = 'not-charged' | 'charged' | 'unknown';

// Our choice: the message when the consent box was not ticked.
export const WITHDRAWAL_CONSENT_REQUIRED = 'Please confirm that you want your downloads now and understand you lose the right to withdraw';

/** A refusal of an order, saying which order and whether money was taken (never a guess). */
export const orderFailure = (name: ConstructorParameters<typeof DomainError>[0], orderNumber: string | null, charged: ChargeState, message?: string) =>
  new DomainError(name, { message, data: { order_number: orderNumber, charged } });

/** Whether a refusal took money, as its data says; a refusal that says nothing took none. */
function chargeStateOf(error: DomainError): ChargeState {
  const charged = error.data?.['charged'];
  return charged === 'charged' || charged === 'unknown' ? charged : 'not-charged';
}

/** What completing a charged (or free) order stores and sends: fresh product keys and the receipt. */
export function fulfilmentFor(order: Order, customer: Customer, transactionId: string | null, keys: KeyMaterial, storeUrl: string): Fulfilment {
  const productKeys: ProductKey[] = order.lines.map((line, position) => ({
    key: formatProductKey(keys.bytes(25)),
    linePosition: position,
    productReference: line.productReference,
  }));
  return { transactionId, productKeys, receipt: receiptMail(order, customer, productKeys, storeUrl) };
}

/** What PlaceOrder works with besides the basket, billing, orders and payments: each left out, that part is not there. */
export interface PlaceOrderOptions {
  /**
   * The customer's saved methods: paying with one (a card only before its expiry, by the clock; with
   * its security code again when the store's rules ask), and keeping what a payment saved.
   */
  readonly savedMethods?: {
    readonly repository: SavedMethodRepository;
    readonly keep: KeepVaultedMethod;
    readonly clock: Clock;
    readonly cvvRequired?: boolean;
  } | null;
  readonly checkpoints?: Checkpoints;
  readonly shipping?: ShippingAddressRepository | null;
  readonly localPayments?: LocalPaymentRepository | null;
  readonly bankDebits?: BankDebitReleases | null;
  /** Told of every placement and refusal (the store's metrics). */
  readonly events?: OperationsEvents;
}

/** The refusal for a saved method the gateway no longer has, in its own kind's words. */
const INVALID_SAVED: Record<SavedMethodKind, 'SAVED_CARD_INVALID' | 'SAVED_PAYPAL_INVALID' | 'SAVED_VENMO_INVALID' | 'SAVED_BANK_ACCOUNT_INVALID'> = {
  card: 'SAVED_CARD_INVALID',
  paypal: 'SAVED_PAYPAL_INVALID',
  venmo: 'SAVED_VENMO_INVALID',
  sepa: 'SAVED_BANK_ACCOUNT_INVALID',
  'us-bank-account': 'SAVED_BANK_ACCOUNT_INVALID',
};

/** What the gateway vaulted, as the saved methods keep it. */
function keptDetails(vaulted: VaultedMethodOfCharge) {
  if ('card' in vaulted) {
    const { token, fingerprint, ...card } = vaulted.card;
    return { token, fingerprint: fingerprint ?? null, details: { kind: 'card' as const, ...card } };
  }
  if ('paypalAccount' in vaulted) return { token: vaulted.paypalAccount.token, fingerprint: null, details: { kind: 'paypal' as const, email: vaulted.paypalAccount.email } };
  if ('venmoAccount' in vaulted) return { token: vaulted.venmoAccount.token, fingerprint: null, details: { kind: 'venmo' as const, username: vaulted.venmoAccount.username } };
  const { token, kind, last4, mandateReference, bankName } = vaulted.bankAccount;
  return { token, fingerprint: null, details: { kind, last4, mandateReference, bankName } };
}

/**
 * PLACE_ORDER (spec 2 §7) for every gateway, exactly once: the basket's order is reserved (one per
 * basket, held by a database constraint) before anything is charged; the charge carries a key made
 * from the order number and attempt, so a retry — with existing_order_number, or a concurrent call —
 * reaches the same charge instead of a second one; completion is a single guarded transaction.
 */
export class PlaceOrder {
  private readonly saved: NonNullable<PlaceOrderOptions['savedMethods']> | null;
  private readonly checkpoints: Checkpoints;
  private readonly shipping: ShippingAddressRepository | null;
  private readonly localPayments: LocalPaymentRepository | null;
  private readonly bankDebits: BankDebitReleases | null;
  private readonly events: OperationsEvents;

  constructor(
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
    private readonly billing: BillingRepository,
    private readonly paymentStates: PaymentStateRepository,
    private readonly orders: OrderRepository,
    private readonly payments: PaymentPorts,
    private readonly keys: KeyMaterial,
    options: PlaceOrderOptions = {},
  ) {
    this.saved = options.savedMethods ?? null;
    this.checkpoints = options.checkpoints ?? NO_CHECKPOINTS;
    this.shipping = options.shipping ?? null;
    this.localPayments = options.localPayments ?? null;
    this.bankDebits = options.bankDebits ?? null;
    this.events = options.events ?? NO_OPERATIONS_EVENTS;
  }

  /** Another call (another tab, a double click) completed this basket's order since this one looked: its answer, or null. */
  private async completedMeanwhile(command: PlaceOrderCommand): Promise<DomainError | null> {
    const completed = await this.orders.findByBasket(command.basketReference);
    return completed?.status === 'paid' && completed.customerId === command.customer.id ? orderFailure('ORDER_ALREADY_COMPLETE', completed.number, 'charged') : null;
  }

  async execute(command: PlaceOrderCommand): Promise<Result<PlacedOrder, DomainError>> {
    const result = await this.place(command);
    // Told once here, whichever of the many ways out the placement took.
    const labels = { gateway: command.gateway, method: command.localPayment?.method ?? command.paymentMethod ?? (command.savedMethod ? 'saved' : 'unspecified') };
    if (result.ok) this.events.orderPlaced(labels);
    else this.events.orderFailed({ ...labels, reason: result.error.errorName, charged: chargeStateOf(result.error) });
    return result;
  }

  private async place(command: PlaceOrderCommand): Promise<Result<PlacedOrder, DomainError>> {
    const placed = await this.orders.findByBasket(command.basketReference);
    if (placed && placed.customerId !== command.customer.id) return err(new DomainError('BASKET_NOT_FOUND'));
    if (placed?.status === 'paid') return err(orderFailure('ORDER_ALREADY_COMPLETE', placed.number, 'charged'));
    if (command.existingOrderNumber !== null && placed?.number !== command.existingOrderNumber) {
      return err(orderFailure('ORDER_FAILED', null, 'not-charged'));
    }

    const basket = await this.baskets.find(command.basketReference);
    if (!basket || basket.customerId !== command.customer.id || !hashShowsBasket(command.basketStaleHash, basket)) {
      return err((await this.completedMeanwhile(command)) ?? new DomainError(!basket || basket.customerId !== command.customer.id ? 'BASKET_NOT_FOUND' : 'BASKET_STALE'));
    }
    const read = await this.reader.read(basket, { id: command.customer.id, email: command.customer.email, emailVerified: command.customer.emailVerified });
    if (!read.ok) return read;
    const { view } = read.value;
    // The amount the page showed (and 3-D Secure verified) must be the amount charged: the hash
    // covers it, so a price, tax, currency or discount that moved since the page read the basket
    // is refused before anything is reserved. A pending order is charged as it was reserved, after
    // this check passed; its own claim may now make the basket read its code as used up.
    if (placed?.status !== 'pending' && view.staleHash !== command.basketStaleHash) {
      // Two baskets of one customer paid at once meet at the reservation when they are close, and
      // there the later one is refused for the voucher's purchase limit. When the first has already
      // committed, the later one finds its voucher refused here instead: it is told the same reason.
      const overLimit = read.value.notices.includes(ErrorCatalogue.VOUCHER_PURCHASE_LIMIT.code);
      return err(overLimit ? orderFailure('VOUCHER_PURCHASE_LIMIT', null, 'not-charged') : new DomainError('BASKET_STALE'));
    }
    if (view.lines.length === 0) return err(orderFailure('ORDER_FAILED', placed?.number ?? null, 'not-charged'));

    // Nothing to pay (a free download, or a discount of 100%): the complimentary gateway, no billing
    // step needed (spec 2 §2 rule 5). Anything else goes through the gateway billing decided.
    // A pending order is paid as it was reserved: its discount use is claimed already, so the basket
    // alone may now read the code as used up.
    // A voucher that covers everything leaves nothing to pay too (ours: the same complimentary way).
    const paysNothing = (placed?.status === 'pending' ? amountCharged(placed) : view.amountToPay.amountMinor) === 0;
    if ((command.gateway === 'complimentary') !== paysNothing) return err(orderFailure('ORDER_FAILED', placed?.number ?? null, 'not-charged'));
    const paid = needsPayment(command.gateway);
    const address = await this.billing.find(command.customer.id);
    if (paid && !address) return err(new DomainError('BILLING_ADDRESS_REQUIRED'));
    const local = command.localPayment ?? null;
    if (local) {
      // Only where the method applies (its country and currency) and while the store offers it.
      const method = paymentMethod(local.method);
      const context = { billingCountry: address?.country ?? '', currency: view.countryAccount.currency, flags: local.features };
      if (!paid || !this.localPayments || method.gateway !== command.gateway || !methodAvailable(method, context)) {
        return err(new DomainError('VALIDATION_FAILED', { fields: { payment_method_type: [METHOD_NOT_AVAILABLE] } }));
      }
      // A payment id already paying another order is refused before anything is reserved (the
      // record's own key refuses it again should two orders race for one id).
      const recorded = await this.localPayments.find(local.paymentId);
      if (recorded && recorded.orderNumber !== placed?.number) return err(orderFailure('LOCAL_PAYMENT_UNKNOWN', null, 'not-charged'));
    }
    // A local payment still waiting for its payer gives way to the shopper's new attempt (another
    // method, or the same one started again); one the payer approved is being charged, and is let be.
    const waiting = placed?.status === 'pending' ? placed.localPayment : null;
    if (waiting && waiting.paymentId !== local?.paymentId && (waiting.state === 'waiting' || waiting.state === 'completing')) {
      const cancelled = waiting.state === 'waiting' && (await this.localPayments?.end(waiting.paymentId, 'cancelled'));
      if (!cancelled) return err(orderFailure('LOCAL_PAYMENT_COMPLETING', placed?.number ?? null, 'unknown'));
    }
    if (command.shownBillingAddress && (!address || !showsBillingAddress(command.shownBillingAddress, address))) {
      return err(orderFailure('BILLING_ADDRESS_CHANGED', placed?.number ?? null, 'not-charged'));
    }
    if (paid && (await this.paymentStates.gatewayOf(basket.reference)) !== command.gateway) {
      // The basket's payment state is spent by the order's completion, which a concurrent call of
      // this basket may have reached since this one looked: then it is that order's answer.
      return err((await this.completedMeanwhile(command)) ?? orderFailure('ORDER_FAILED', placed?.number ?? null, 'not-charged'));
    }
    // Something to post (requires_shipping) needs somewhere to post it, free orders included.
    const choice = async () => (command.updateShippingAddress ? ({ sameAsBilling: true } as const) : ((await this.shipping?.find(command.customer.id)) ?? null));
    const shipTo = view.flags.shippingIsRequired ? deliveryAddress(await choice(), address) : null;
    if (view.flags.shippingIsRequired && !shipTo) return err(orderFailure('SHIPPING_ADDRESS_REQUIRED', placed?.number ?? null, 'not-charged'));
    // Its price and tax are for one country (home until the shopper names another): it is posted there only.
    if (shipTo && shipTo.country !== (view.basket.shippingCountry ?? view.countryAccount.code)) {
      return err(orderFailure('SHIPPING_COUNTRY_CHANGED', placed?.number ?? null, 'not-charged'));
    }
    if (paid && address && requiresWithdrawalConsent(address.country) && !command.withdrawalConsent) {
      return err(new DomainError('VALIDATION_FAILED', { fields: { withdrawal_consent: [WITHDRAWAL_CONSENT_REQUIRED] } }));
    }
    // A saved method is named by the store's reference: it pays only when it is this customer's,
    // still usable (not expired, not lost by the gateway), and of a kind that may pay this basket.
    let savedMethod: SavedMethod | null = null;
    if (paid && command.savedMethod) {
      const saved = this.saved;
      savedMethod = saved ? await saved.repository.find(command.customer.id, command.savedMethod) : null;
      const fits = savedMethod !== null && savedMethodFits(savedMethod.details.kind, { billingCountry: address?.country ?? '', currency: view.countryAccount.currency, featuresOn: command.featuresOn ?? [] });
      if (!saved || !savedMethod || !fits) return err(orderFailure('SAVED_METHOD_UNAVAILABLE', placed?.number ?? null, 'not-charged'));
      const state = savedMethodState(savedMethod.details, savedMethod.invalid, saved.clock.now());
      if (state === 'invalid') return err(orderFailure(INVALID_SAVED[savedMethod.details.kind], placed?.number ?? null, 'not-charged'));
      if (state === 'expired') return err(orderFailure('SAVED_CARD_EXPIRED', placed?.number ?? null, 'not-charged'));
      if (savedMethod.details.kind === 'card' && saved.cvvRequired === true && !command.savedCardCvvToken) {
        return err(orderFailure('SAVED_CARD_CVV_REQUIRED', placed?.number ?? null, 'not-charged'));
      }
    }
    // A gateway that sells from its own checkout (the merchant of record): the page must pay the
    // basket's current one, and its tax (the provider's, spec 2 §2) is what the order records.
    // Our choice: a reseller sells in its own name and charges its own total, which our voucher cannot pay.
    const gateway = gatewayDescriptor(command.gateway);
    if (!gateway.acceptsVouchers && view.appliedVoucher) return err(orderFailure('VOUCHER_NOT_ACCEPTED', placed?.number ?? null, 'not-charged'));
    const sellsFromCheckout = gateway.paymentSetup === 'checkout-session';
    const morCheckout = sellsFromCheckout ? await this.paymentStates.checkoutOf(basket.reference) : null;
    if (sellsFromCheckout && (!morCheckout || morCheckout.checkoutId !== command.checkoutId)) {
      return err(orderFailure('MOR_CHECKOUT_EXPIRED', placed?.number ?? null, 'not-charged'));
    }
    const totals = morCheckout?.totals ?? {
      netMinor: view.totalWithDiscount.net.amountMinor,
      taxMinor: view.totalWithDiscount.tax.amountMinor,
      grossMinor: view.totalWithDiscount.gross.amountMinor,
    };
    // What the page says it showed (and 3-D Secure verified) must be what is charged: a pending
    // order is charged as reserved, any other as priced now.
    const voucherMinor = view.appliedVoucher?.amount.amountMinor ?? 0;
    const charging =
      placed?.status === 'pending' ? money(amountCharged(placed), placed.currency) : money(totals.grossMinor - voucherMinor, view.countryAccount.currency);
    if (command.shownAmount && command.shownAmount !== toDecimalString(charging)) return err(new DomainError('BASKET_STALE'));

    const draft: OrderDraft = {
      customerId: command.customer.id,
      basketReference: basket.reference,
      gateway: command.gateway,
      locale: command.locale,
      currency: view.countryAccount.currency,
      taxInclusive: view.countryAccount.taxInclusive,
      netMinor: totals.netMinor,
      taxMinor: totals.taxMinor,
      grossMinor: totals.grossMinor,
      discountMinor: view.appliedDiscount?.amount.gross.amountMinor ?? 0,
      discountCode: view.appliedDiscount?.code ?? null,
      voucherCode: view.appliedVoucher?.code ?? null,
      voucherMinor,
      billingAddress: address,
      withdrawalConsent: paid && address && requiresWithdrawalConsent(address.country) ? WITHDRAWAL_CONSENT_TEXT : null,
      lines: view.lines.flatMap(({ line, product, total, discount, suite, taxRateBasisPoints }) => [
        {
          suiteReference: suite.reference,
          productReference: product.reference,
          productName: product.name,
          choiceName: product.choice.name,
          choiceSynonym: product.choice.synonym,
          quantity: line.quantity,
          unitPriceMinor: product.price.current.amountMinor,
          totalMinor: total.amountMinor,
          discountMinor: discount.amountMinor,
          isBonus: false,
          // The reseller's tax is its own, per its checkout: only ours is kept by rate.
          ...(morCheckout ? {} : { taxRateBasisPoints }),
        },
        ...suite.productsIncluded.map((included) => ({
          suiteReference: suite.reference,
          productReference: included.reference,
          productName: included.name,
          choiceName: included.choice.name,
          choiceSynonym: included.choice.synonym,
          quantity: line.quantity,
          unitPriceMinor: 0,
          totalMinor: 0,
          discountMinor: 0,
          isBonus: true,
        })),
      ]),
    };

    await this.checkpoints.reached('place-order:drafted');
    // Reserved only while the basket is still at the version priced here: an edit that landed since
    // is refused as stale, and one that comes later finds the basket held by this order.
    const reserved = await this.orders.reserve(draft, view.basket.version);
    // The discount's last use or a limited product's last unit went to another order first.
    if ('refused' in reserved) return err(orderFailure(reserved.refused, placed?.number ?? null, 'not-charged'));
    const created = reserved.created;
    let order = reserved.order;
    if (!created && order.status === 'paid') return err(orderFailure('ORDER_ALREADY_COMPLETE', order.number, 'charged'));
    if (!created && order.status === 'failed') {
      const retried = await this.orders.retry(order.number, draft, view.basket.version);
      if (retried && 'refused' in retried) return err(orderFailure(retried.refused, order.number, 'not-charged'));
      order = retried ?? (await this.orders.find(order.number)) ?? order;
    }
    if (order.status === 'paid') return err(orderFailure('ORDER_ALREADY_COMPLETE', order.number, 'charged'));
    // Kept before the charge: a paid order always says where it goes (a retry writes it again).
    if (shipTo) {
      await this.shipping?.recordForOrder(order.number, shipTo);
      if (command.updateShippingAddress) await this.shipping?.save(command.customer.id, { sameAsBilling: true });
      order = { ...order, shippingAddress: shipTo };
    }
    await this.checkpoints.reached('place-order:reserved', { orderNumber: order.number });
    if (local && this.localPayments) {
      const recorded = await this.localPayments.start({ paymentId: local.paymentId, orderNumber: order.number, method: local.method });
      if (recorded === 'taken') return err(orderFailure('LOCAL_PAYMENT_UNKNOWN', order.number, 'not-charged'));
      return ok({ order, redirect: `/${command.locale}/order/${order.number}/` });
    }

    let transactionId: string | null = null;
    if (paid) {
      const port = isPayingGateway(command.gateway) ? this.payments[command.gateway] : undefined;
      if (!port) {
        await this.orders.fail(order.number, 310001, 'No payment adapter for this gateway');
        return err(orderFailure('PAYMENT_METHODS_UNAVAILABLE', order.number, 'not-charged'));
      }
      // One gateway customer per shopper, whichever of their saved methods made it. A new method
      // that is not being saved has nothing to do with that record, so only a charge that saves
      // one, or pays with one, looks it up.
      const vault = command.vaultPaymentMethod === true && savedMethod === null;
      const vaultCustomerId = vault || savedMethod ? ((await this.saved?.repository.vaultCustomerOf(command.customer.id)) ?? null) : null;
      // A saved card paid with the vault manager's nonce (3-D Secured) charges that nonce; every other
      // saved method, and a card without one, is charged by the vault token the store keeps.
      const nonceForSaved = savedMethod?.details.kind === 'card' ? command.paymentToken : null;
      const vaultedToken = savedMethod && !nonceForSaved ? savedMethod.token : null;
      if (savedMethod) await this.saved?.repository.recordUse(savedMethod.reference, order.number);
      let result;
      try {
        result = await port.charge({
          ...orderCharge(order),
          paymentToken: savedMethod ? nonceForSaved : command.paymentToken,
          ...(vaultedToken ? { vaultedToken } : {}),
          ...(savedMethod && command.savedCardCvvToken ? { cvvNonce: command.savedCardCvvToken, savedToken: savedMethod.token } : {}),
          deviceData: command.deviceData,
          checkoutId: command.checkoutId,
          vault,
          payer: {
            vaultCustomerId,
            email: command.customer.email,
            firstName: command.customer.firstName,
            lastName: command.customer.lastName,
            postalCode: address?.postalCode ?? null,
            countryCode: address?.country ?? null,
          },
        });
      } catch {
        // The gateway did not say: the order stays pending and a retry asks again with the same key.
        return err(orderFailure('ORDER_FAILED_UNEXPECTEDLY', order.number, 'unknown'));
      }
      if (result.outcome === 'declined') {
        // A saved method the gateway no longer knows (removed there, or the payer disconnected the
        // store) is not offered again (spec 2 §6), and the shopper is told in its own kind's words.
        if (savedMethod && result.code === ErrorCatalogue.SAVED_CARD_INVALID.code) {
          const invalid = INVALID_SAVED[savedMethod.details.kind];
          await this.orders.fail(order.number, ErrorCatalogue[invalid].code, result.reason);
          await this.saved?.repository.update(command.customer.id, savedMethod.reference, { invalid: true });
          return err(orderFailure(invalid, order.number, 'not-charged'));
        }
        await this.orders.fail(order.number, result.code, result.reason);
        return err(orderFailure(errorNameForCode(result.code) ?? 'ORDER_FAILED', order.number, 'not-charged'));
      }
      transactionId = result.transactionId;
      await this.checkpoints.reached('place-order:charged', { orderNumber: order.number });
      const vaulted = result.vaulted;
      if (vaulted) {
        const kept = await this.saved?.keep.execute({ customerId: command.customer.id, vaultCustomerId: vaulted.vaultCustomerId, ...keptDetails(vaulted) });
        // The method this order saved pays it: it stays while the order has not settled (a debit waiting for the bank).
        if (kept) await this.saved?.repository.recordUse(kept.reference, order.number);
      }
      // A bank debit is money only once it settles: by the release rule the order may wait, pending
      // with its charge recorded, for the bank's word before its keys are released.
      if (result.settlesLater && this.bankDebits && (await this.bankDebits.afterCharge(order, result.transactionId, result.bankAccount ?? null)) === 'wait') {
        return ok({ order, redirect: `/${command.locale}/order/${order.number}/` });
      }
    }

    // If this fails (the database went away), the order stays pending with its charge recorded:
    // the shopper's retry, or payment reconciliation, completes it without charging again.
    const done = await this.orders.complete(order.number, fulfilmentFor(order, command.customer, transactionId, this.keys, command.storeUrl));
    // Completed here: the order as it was reserved (or found pending), now paid; no need to read it
    // back. Completed by another call meanwhile: as that call stored it.
    const completed: Order = done ? { ...order, status: 'paid', transactionId, paidAt: done.paidAt } : ((await this.orders.find(order.number)) ?? order);
    return ok({ order: completed, redirect: `/${command.locale}/order/${completed.number}/` });
  }
}

export type { BillingAddress };
