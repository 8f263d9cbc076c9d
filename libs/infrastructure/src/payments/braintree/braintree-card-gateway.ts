import type {
  CardGatewayPort,
  PayPalVaultPort,
  ChargeRequest,
  ChargeResult,
  DebitedBankAccount,
  ProviderCharge,
  VaultedCard,
  VaultedPayPalAccount,
  VaultedVenmoAccount,
  VaultListing,
} from '@store/application';
import { ErrorCatalogue, minorUnitDigits, type SavedMethodDetails } from '@store/domain';
import braintree from 'braintree';
import type { LookupablePaymentPort } from '../ledgered-payment-port';
import { removeQuietly, vaultedSepaAccount, vaultUsBankAccount, type UsBankAccountVaulting } from './braintree-bank-accounts';
import { gatewayRejectionCode, processorDeclineCode, validationErrorCode } from './braintree-responses';

export interface BraintreeSettings {
  /** 'local': the project's sandbox (or any server speaking the gateway protocol) at gatewayUrl. */
  readonly environment: 'sandbox' | 'production' | 'local';
  readonly gatewayUrl: string | null;
  readonly merchantId: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** Currency -> merchant account id; a currency without one uses the merchant's default account. */
  readonly merchantAccounts: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Refuse card payments that were not 3-D Secured (the gateway checks it, not only the page). */
  readonly threeDSecureRequired: boolean;
}

/** The gateway SDK pointed at the real provider or, by configuration, at a local server. */
export function createBraintreeGateway(
  settings: Pick<BraintreeSettings, 'environment' | 'gatewayUrl' | 'merchantId' | 'publicKey' | 'privateKey' | 'timeoutMs'>,
): braintree.BraintreeGateway {
  let environment: braintree.Environment;
  if (settings.environment === 'local') {
    if (!settings.gatewayUrl) throw new Error('A local card gateway needs its address');
    const url = new URL(settings.gatewayUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    environment = new braintree.Environment(url.hostname, port, '', url.protocol === 'https:', url.hostname, port);
  } else {
    environment = settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
  }
  const gateway = new braintree.BraintreeGateway({
    environment,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
  // The SDK's own default is a minute; a shopper should hear sooner, and the order stays retryable.
  (gateway as unknown as { config: { timeout: number } }).config.timeout = settings.timeoutMs;
  return gateway;
}

const SUCCESSFUL = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending']);
/** A sale in these states is given back by voiding it (before settlement); settled ones by a refund. */
/** A bank debit (SEPA, US bank account) waits in this status until its bank answers. */
const settlesLaterIf = (transaction: SdkTransaction) => {
  if (transaction.status !== 'settlement_pending') return {};
  const bankAccount = debitedBankAccount(transaction);
  return bankAccount ? { settlesLater: true, bankAccount } : { settlesLater: true };
};

/** Text the provider gave, trimmed; null when absent, empty or longer than the store keeps. */
const providerText = (value: unknown, max: number): string | null => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length > 0 && text.length <= max ? text : null;
};

/**
 * The account a bank debit is taken from, as the sale describes it: SEPA's `sepaDirectDebitAccountDetails`
 * (IBAN's last characters, and the mandate's reference, which the provider calls bankReferenceToken)
 * or ACH's `usBankAccount` (account number's last four, bank name). Anything unexpected is left
 * out rather than refused: the debit is accepted either way.
 */
function debitedBankAccount(transaction: SdkTransaction): DebitedBankAccount | null {
  const sepa = transaction.sepaDirectDebitAccountDetails;
  const ach = transaction.usBankAccount;
  const details = sepa ? { kind: 'sepa' as const, last4: sepa.last4 } : ach ? { kind: 'us-bank-account' as const, last4: ach.last4 } : null;
  const last4 = providerText(details?.last4, 4);
  if (!details || !last4 || last4.length < 2) return null;
  return {
    kind: details.kind,
    last4,
    mandateReference: sepa ? providerText(sepa.bankReferenceToken, 100) : null,
    bankName: ach ? providerText(ach.bankName, 100) : null,
  };
}

const VOIDABLE = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settlement_pending']);
/** SDK errors that mean the request was refused before anything was charged. */
const REFUSED_UNCHARGED = new Set(['authenticationError', 'authorizationError', 'notFoundError', 'upgradeRequired', 'tooManyRequestsError']);

type SdkCard = { token?: string; bin?: string; last4?: string; cardType?: string; expirationMonth?: string; expirationYear?: string; uniqueNumberIdentifier?: string | null };
/** A transaction as the braintree SDK answers it, as far as the store reads it (sales, and their refunds). */
export type SdkTransaction = {
  id: string;
  status: string;
  type?: string;
  orderId?: string | null;
  refundIds?: string[];
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  avsPostalCodeResponseCode?: string | null;
  creditCard?: SdkCard;
  paypalAccount?: { token?: string | null; payerEmail?: string | null };
  /** The SDK reads the gateway's venmo-account into venmoAccountDetails. */
  venmoAccountDetails?: { token?: string | null; username?: string | null };
  customer?: { id?: string | null };
  /** A SEPA debit's account (the SDK reads the gateway's sepa-debit-account-detail into it). */
  sepaDirectDebitAccountDetails?: { last4?: string | null; bankReferenceToken?: string | null; mandateType?: string | null };
  /** An ACH debit's account. */
  usBankAccount?: { last4?: string | null; bankName?: string | null; routingNumber?: string | null; accountType?: string | null };
};

/** A vaulted payment method as paymentMethod.find answers it (the SDK's CreditCard, PayPalAccount, ...). */
type SdkPaymentMethod = SdkCard & { email?: string | null; revokedAt?: string | null; username?: string | null };

function vaultedVenmoAccount(account: { token?: string | null; username?: string | null } | undefined): VaultedVenmoAccount | null {
  if (!account?.token || !account.username) return null;
  return { token: account.token, username: account.username };
}

function vaultedPayPalAccount(account: { token?: string | null; email?: string | null; revokedAt?: string | null } | undefined): VaultedPayPalAccount | null {
  if (!account?.token || !account.email || account.revokedAt) return null;
  return { token: account.token, email: account.email };
}

function vaultedCard(card: SdkCard | undefined): VaultedCard | null {
  if (!card?.token || !card.bin || !card.last4 || !card.expirationMonth || !card.expirationYear) return null;
  return {
    token: card.token,
    bin: card.bin,
    last4: card.last4,
    cardType: card.cardType ?? 'Card',
    expirationMonth: Number(card.expirationMonth),
    expirationYear: Number(card.expirationYear),
    fingerprint: card.uniqueNumberIdentifier ?? null,
  };
}

/** A customer record's payment method (the SDK's CreditCard, PayPalAccount, VenmoAccount, UsBankAccount, SepaDirectDebitAccount). */
type SdkVaultedMethod = SdkPaymentMethod & { default?: boolean; bankName?: string | null; bankReferenceToken?: string | null; mandateType?: string | null; verified?: boolean };

/** One method of a customer record as the store lists it; a kind the store does not save (Apple Pay's device cards…) is left out. */
function listing(method: SdkVaultedMethod): VaultListing | null {
  const token = method.token;
  if (!token) return null;
  const isDefault = method.default === true;
  let details: SavedMethodDetails | null = null;
  let fingerprint: string | null = null;
  if (method instanceof braintree.CreditCard) {
    const card = vaultedCard(method);
    if (card) {
      details = { kind: 'card', cardType: card.cardType, bin: card.bin, last4: card.last4, expirationMonth: card.expirationMonth, expirationYear: card.expirationYear };
      fingerprint = card.fingerprint ?? null;
    }
  } else if (method instanceof braintree.PayPalAccount) {
    const account = vaultedPayPalAccount(method);
    // A billing agreement the payer revoked at PayPal is not offered: listed as gone.
    if (account) details = { kind: 'paypal', email: account.email };
  } else if (method instanceof braintree.VenmoAccount) {
    const account = vaultedVenmoAccount(method);
    if (account) details = { kind: 'venmo', username: account.username };
  } else if ('mandateType' in method) {
    // The SDK does not export its SepaDirectDebitAccount and UsBankAccount classes: told apart by their fields.
    if (method.last4 && method.mandateType === 'RECURRENT') details = { kind: 'sepa', last4: method.last4, mandateReference: method.bankReferenceToken ?? null, bankName: null };
  } else if ('routingNumber' in method) {
    // Only an account the network check verified can be debited.
    if (method.last4 && method.verified === true) details = { kind: 'us-bank-account', last4: method.last4, mandateReference: null, bankName: method.bankName ?? null };
  }
  return details ? { token, isDefault, details, fingerprint } : null;
}

/** Minor units to the gateway's decimal amount, by the currency's own number of digits. */
export function gatewayAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(amountMinor) : (amountMinor / 10 ** digits).toFixed(digits);
}

/**
 * The card gateway (Braintree) through its own server SDK: client tokens, the vault, and sales
 * whose every answer is turned into a charged / declined outcome with the store's response code.
 * A sale carries the charge's idempotency key as its order id, so `lookup` can find it again.
 */
export class BraintreeCardGateway implements CardGatewayPort, LookupablePaymentPort, PayPalVaultPort {
  private readonly gateway: braintree.BraintreeGateway;

  constructor(private readonly settings: BraintreeSettings) {
    this.gateway = createBraintreeGateway(settings);
  }

  /** The vendor's SDK, configured as this adapter's: the refunds' and disputes' adapters share it. */
  get sdk(): braintree.BraintreeGateway {
    return this.gateway;
  }

  async clientToken(options: { readonly vaultCustomerId: string | null; readonly currency: string }): Promise<string> {
    const merchantAccountId = this.settings.merchantAccounts[options.currency];
    const generate = (customerId: string | undefined) => this.gateway.clientToken.generate({ customerId, merchantAccountId });
    let response = await generate(options.vaultCustomerId ?? undefined);
    // The vault customer may have been removed at the gateway: a token without it still pays.
    if (!response.success && options.vaultCustomerId) response = await generate(undefined);
    if (!response.success) throw new Error(`The card gateway refused a client token: ${response.message}`);
    return response.clientToken;
  }

  async vaultedMethods(vaultCustomerId: string): Promise<readonly VaultListing[] | null> {
    let customer;
    try {
      customer = await this.gateway.customer.find(vaultCustomerId);
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') return null;
      throw error;
    }
    const methods = ((customer as unknown as { paymentMethods?: SdkVaultedMethod[] }).paymentMethods ?? []).map(listing);
    return methods.filter((method): method is VaultListing => method !== null);
  }

  async makeDefault(token: string): Promise<void> {
    const result = await this.gateway.paymentMethod.update(token, { options: { makeDefault: true } } as braintree.PaymentMethodUpdateRequest);
    if (!result.success) throw new Error(`The card gateway did not make the method the default: ${result.message}`);
  }

  /**
   * PayPal's vault flow: the approved account's nonce vaulted under the payer's customer record
   * (made first when they have none). A refusal (a nonce used or unknown, not a PayPal account) is null.
   */
  async vaultPayPalAccount(
    nonce: string,
    payer: { readonly vaultCustomerId: string | null; readonly email: string; readonly firstName: string; readonly lastName: string },
  ): Promise<{ readonly vaultCustomerId: string; readonly account: VaultedPayPalAccount } | null> {
    let customerId = payer.vaultCustomerId;
    if (!customerId) {
      const made = await this.gateway.customer.create({ email: payer.email, firstName: payer.firstName, lastName: payer.lastName });
      if (!made.success) return null;
      customerId = made.customer.id;
    }
    const result = await this.gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce });
    if (!result.success) return null;
    const account = result.paymentMethod instanceof braintree.PayPalAccount ? vaultedPayPalAccount(result.paymentMethod) : null;
    if (!account) {
      // Not a PayPal account (a card's nonce sent here): it is not kept where the page cannot show it.
      const token = (result.paymentMethod as { token?: string }).token;
      if (token) await this.deletePaymentMethod(token);
      return null;
    }
    return { vaultCustomerId: customerId, account };
  }

  async deletePaymentMethod(token: string): Promise<void> {
    try {
      await this.gateway.paymentMethod.delete(token);
    } catch (error) {
      if ((error as { type?: string }).type !== 'notFoundError') throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const nonce = request.paymentToken;
    if (!nonce && !request.vaultedToken) {
      return { outcome: 'declined', code: ErrorCatalogue.REQUIRED_FIELDS_MISSING.code, reason: 'No payment method nonce' };
    }
    const payer = request.payer;
    const nonceType = nonce && (this.settings.threeDSecureRequired || request.vault) ? await this.nonceType(nonce) : null;
    // 3-D Secure is for cards: a wallet's nonce (PayPal, Apple Pay, Google Pay) is authenticated by the wallet.
    const threeDSecureRequired = this.settings.threeDSecureRequired && nonceType === 'CreditCard';
    // A US bank account to save passes the network check first and is then debited from the vault;
    // one that fails it is neither kept nor debited (the nonce is spent on the check).
    let usBankAccount: Extract<UsBankAccountVaulting, { verified: true }> | null = null;
    if (request.vault && nonce && nonceType === 'UsBankAccount') {
      const vaulting = await vaultUsBankAccount(this.gateway, nonce, payer);
      if (!vaulting.verified) return { outcome: 'declined', code: ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.code, reason: vaulting.reason };
      usBankAccount = vaulting;
    }
    const vaultedToken = usBankAccount?.account.token ?? request.vaultedToken ?? null;
    const vaultWithSale = request.vault === true && vaultedToken === null;
    // A saved card's security code typed again: the card's token with the code's CVV-only nonce, and
    // 3-D Secure's answer for the card (when the page verified one) by its authentication id.
    const cvvCheck =
      request.cvvNonce && request.savedToken
        ? { paymentMethodToken: request.savedToken, paymentMethodNonce: request.cvvNonce, threeDSecureAuthenticationId: nonce ? await this.threeDSecureAuthenticationId(nonce) : undefined }
        : null;
    let result;
    try {
      result = await this.gateway.transaction.sale({
        amount: gatewayAmount(request.amountMinor, request.currency),
        merchantAccountId: this.settings.merchantAccounts[request.currency],
        orderId: request.idempotencyKey,
        ...(cvvCheck ?? (vaultedToken ? { paymentMethodToken: vaultedToken } : { paymentMethodNonce: nonce ?? undefined })),
        deviceData: request.deviceData ?? undefined,
        customerId: vaultWithSale && payer?.vaultCustomerId ? payer.vaultCustomerId : undefined,
        customer: vaultWithSale && payer && !payer.vaultCustomerId ? { email: payer.email, firstName: payer.firstName, lastName: payer.lastName } : undefined,
        billing: payer?.postalCode || payer?.countryCode ? { postalCode: payer.postalCode ?? undefined, countryCodeAlpha2: payer.countryCode ?? undefined } : undefined,
        options: {
          submitForSettlement: true,
          storeInVaultOnSuccess: vaultWithSale,
          threeDSecure: { required: threeDSecureRequired },
        },
      });
    } catch (error) {
      const type = (error as { type?: string }).type ?? '';
      if (REFUSED_UNCHARGED.has(type)) {
        if (usBankAccount) await removeQuietly(this.gateway, usBankAccount.account.token);
        return { outcome: 'declined', code: ErrorCatalogue.SUPPORT_NOTIFIED.code, reason: `Card gateway refused the request (${type})` };
      }
      throw error;
    }
    const transaction = result.transaction as unknown as SdkTransaction | undefined;
    if (result.success && transaction) {
      const vaulted = usBankAccount ? { vaulted: { vaultCustomerId: usBankAccount.vaultCustomerId, bankAccount: usBankAccount.account } } : vaultWithSale ? this.vaulted(transaction) : {};
      return { outcome: 'charged', transactionId: transaction.id, ...settlesLaterIf(transaction), ...vaulted };
    }
    // Saved for this sale only: an account whose first debit was refused is not kept.
    if (usBankAccount) await removeQuietly(this.gateway, usBankAccount.account.token);
    if (transaction) return this.declined(transaction, payer?.countryCode ?? null);
    const codes = result.errors.deepErrors().map((error) => String(error.code));
    // Only a nonce used before needs its kind: a PayPal one already paid is told apart from a card's.
    const usedType = codes.includes('91564') && nonce ? (nonceType ?? (await this.nonceType(nonce))) : null;
    return { outcome: 'declined', code: validationErrorCode(codes, false, usedType), reason: `${result.message} (${codes.join(', ')})` };
  }

  /** What a sale asked to vault saved: the card, or the PayPal account (its payer email names it). */
  private vaulted(transaction: SdkTransaction): Pick<Extract<ChargeResult, { outcome: 'charged' }>, 'vaulted'> {
    const vaultCustomerId = transaction.customer?.id;
    if (!vaultCustomerId) return {};
    const paypalAccount = vaultedPayPalAccount(transaction.paypalAccount ? { token: transaction.paypalAccount.token, email: transaction.paypalAccount.payerEmail } : undefined);
    if (paypalAccount) return { vaulted: { vaultCustomerId, paypalAccount } };
    // A Venmo account is vaulted only from a multi-use approval: a single-use one leaves no token.
    const venmoAccount = vaultedVenmoAccount(transaction.venmoAccountDetails);
    if (venmoAccount) return { vaulted: { vaultCustomerId, venmoAccount } };
    const card = vaultedCard(transaction.creditCard);
    if (card) return { vaulted: { vaultCustomerId, card } };
    const sepa = vaultedSepaAccount(transaction as { sepaDirectDebitAccountDetails?: Parameters<typeof vaultedSepaAccount>[0]['sepaDirectDebitAccountDetails'] });
    return sepa ? { vaulted: { vaultCustomerId, bankAccount: sepa } } : {};
  }

  /** The 3-D Secure authentication a verified nonce carries, to go with a charge of the card's token. */
  private async threeDSecureAuthenticationId(nonce: string): Promise<string | undefined> {
    try {
      const found = (await this.gateway.paymentMethodNonce.find(nonce)) as unknown as { threeDSecureInfo?: { threeDSecureAuthenticationId?: string | null } };
      return found.threeDSecureInfo?.threeDSecureAuthenticationId ?? undefined;
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') return undefined;
      throw error;
    }
  }

  /** The kind of payment method a nonce stands for; an unknown nonce counts as a card (the sale then says what is wrong). */
  private async nonceType(nonce: string): Promise<string> {
    try {
      return ((await this.gateway.paymentMethodNonce.find(nonce)) as unknown as { type?: string }).type ?? 'CreditCard';
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') return 'CreditCard';
      throw error;
    }
  }

  /** The sales (never the refunds, which carry the same order id) whose order id is the key, or starts with the prefix. */
  private async sales(match: { readonly is: string } | { readonly startsWith: string }): Promise<SdkTransaction[]> {
    const found: SdkTransaction[] = [];
    const stream = this.gateway.transaction.search((search) => ('is' in match ? search.orderId().is(match.is) : search.orderId().startsWith(match.startsWith)));
    for await (const transaction of stream) found.push(transaction as SdkTransaction);
    return found.filter((transaction) => (transaction.type ?? 'sale') === 'sale');
  }

  async debitStatus(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null> {
    let sale: SdkTransaction;
    try {
      sale = (await this.gateway.transaction.find(transactionId)) as unknown as SdkTransaction;
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') return null;
      throw error;
    }
    // A return after settlement shows as settlement_declined too, as the provider records it.
    if (sale.status === 'settlement_pending') return 'pending';
    if (sale.status === 'settled' || sale.status === 'settling') return 'settled';
    if (sale.status === 'settlement_declined') return 'declined';
    return null;
  }

  async lookup(idempotencyKey: string): Promise<ChargeResult | null> {
    const found = await this.sales({ is: idempotencyKey });
    const charged = found.find((transaction) => SUCCESSFUL.has(transaction.status));
    if (charged) return { outcome: 'charged', transactionId: charged.id, ...settlesLaterIf(charged) };
    const last = found.at(-1);
    return last ? this.declined(last, null) : null;
  }

  /**
   * Sales in force under these keys: authorised or settling or settled, and not refunded. One search
   * for an order's keys, which share their prefix (the order number).
   */
  async chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]> {
    if (idempotencyKeys.length === 0) return [];
    const prefix = commonPrefix(idempotencyKeys);
    const found = prefix ? await this.sales({ startsWith: prefix }) : (await Promise.all(idempotencyKeys.map((key) => this.sales({ is: key })))).flat();
    return found
      .filter((transaction) => transaction.orderId && idempotencyKeys.includes(transaction.orderId))
      .filter((transaction) => SUCCESSFUL.has(transaction.status) && (transaction.refundIds ?? []).length === 0)
      .map((transaction) => ({ idempotencyKey: transaction.orderId as string, transactionId: transaction.id }));
  }

  /**
   * Voids a sale not yet settled, refunds a settled one. The sale is read first: one already voided
   * or refunded (a reversal whose answer was lost) is left as it is, so nothing is given back twice.
   */
  async reverse(transactionId: string): Promise<void> {
    const sale = (await this.gateway.transaction.find(transactionId)) as unknown as SdkTransaction;
    if (!SUCCESSFUL.has(sale.status) || (sale.refundIds ?? []).length > 0) return;
    const result = VOIDABLE.has(sale.status) ? await this.gateway.transaction.void(transactionId) : await this.gateway.transaction.refund(transactionId);
    if (result.success) return;
    // Refused (it settled meanwhile, say): the next attempt reads it again and takes the other way.
    throw new Error(`The card gateway refused to reverse ${transactionId}: ${result.message}`);
  }

  private declined(transaction: SdkTransaction, billingCountry: string | null): ChargeResult {
    const reason = `${transaction.status}: ${transaction.processorResponseCode ?? ''} ${transaction.processorResponseText ?? transaction.gatewayRejectionReason ?? ''}`.trim();
    if (transaction.status === 'processor_declined') {
      return { outcome: 'declined', code: processorDeclineCode(transaction.processorResponseCode ?? ''), reason };
    }
    if (transaction.status === 'gateway_rejected') {
      return { outcome: 'declined', code: gatewayRejectionCode(transaction.gatewayRejectionReason, billingCountry, transaction.avsPostalCodeResponseCode ?? null), reason };
    }
    return { outcome: 'declined', code: ErrorCatalogue.PAYMENT_UNSUCCESSFUL_CHANGE_METHOD.code, reason };
  }
}

/** The longest prefix the keys share up to their last '-' (the order number and the dash), or '' if none. */
function commonPrefix(keys: readonly string[]): string {
  let prefix = keys[0] ?? '';
  for (const key of keys) while (!key.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const dash = prefix.lastIndexOf('-');
  return dash > 0 ? prefix.slice(0, dash + 1) : '';
}
