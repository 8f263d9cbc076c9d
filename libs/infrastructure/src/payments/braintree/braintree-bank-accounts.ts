import type { Payer, VaultedBankAccount } from '@store/application';
import braintree from 'braintree';

/**
 * Saving bank accounts in the card gateway's vault. A SEPA account is kept by the sale itself
 * (`storeInVaultOnSuccess`) when its mandate is recurring. A US bank account is kept the way the
 * provider's ACH guide prescribes: vaulted first with `paymentMethod.create` and a network check,
 * then debited from its vault token, since the gateway refuses to debit an unverified account.
 */

/** The SDK's own name for the check (its type definitions leave UsBankAccountVerification out). */
const NETWORK_CHECK: string = (braintree as unknown as { UsBankAccountVerification: { VerificationMethod: { NetworkCheck: string } } }).UsBankAccountVerification.VerificationMethod
  .NetworkCheck;

type SdkSepaDetails = { token?: string | null; last4?: string | null; bankReferenceToken?: string | null; mandateType?: string | null };
type SdkUsBankAccount = { token?: string | null; last4?: string | null; bankName?: string | null; verified?: boolean; verifications?: { status?: string }[] };

/** The SEPA account a sale kept in the vault: only under a recurring mandate, which can pay again. */
export function vaultedSepaAccount(transaction: { sepaDirectDebitAccountDetails?: SdkSepaDetails }): VaultedBankAccount | null {
  const sepa = transaction.sepaDirectDebitAccountDetails;
  if (!sepa?.token || !sepa.last4 || sepa.mandateType !== 'RECURRENT') return null;
  return { token: sepa.token, kind: 'sepa', last4: sepa.last4, mandateReference: sepa.bankReferenceToken ?? null, bankName: null };
}

export type UsBankAccountVaulting =
  | { readonly verified: true; readonly vaultCustomerId: string; readonly account: VaultedBankAccount }
  | { readonly verified: false; readonly reason: string };

/**
 * Vaults a US bank account nonce under the payer's customer record (made first when they have
 * none) with the network check. Verified, the account can be debited by its token; otherwise it
 * is taken out of the vault again, so nothing unusable is kept, and the reason is given.
 */
export async function vaultUsBankAccount(gateway: braintree.BraintreeGateway, nonce: string, payer: Payer | undefined): Promise<UsBankAccountVaulting> {
  let customerId = payer?.vaultCustomerId ?? null;
  if (!customerId) {
    const made = await gateway.customer.create({ email: payer?.email, firstName: payer?.firstName, lastName: payer?.lastName });
    if (!made.success) return { verified: false, reason: `Customer not created: ${made.message}` };
    customerId = made.customer.id;
  }
  const result = await gateway.paymentMethod.create({
    customerId,
    paymentMethodNonce: nonce,
    options: { usBankAccountVerificationMethod: NETWORK_CHECK },
  } as braintree.PaymentMethodCreateRequest);
  if (!result.success) return { verified: false, reason: `Not vaulted: ${result.message}` };
  const account = result.paymentMethod as unknown as SdkUsBankAccount;
  const status = account.verifications?.[0]?.status ?? 'none';
  if (!account.token || !account.last4 || account.verified !== true || status !== 'verified') {
    if (account.token) await removeQuietly(gateway, account.token);
    return { verified: false, reason: `Network check: ${status}` };
  }
  return { verified: true, vaultCustomerId: customerId, account: { token: account.token, kind: 'us-bank-account', last4: account.last4, mandateReference: null, bankName: account.bankName ?? null } };
}

/** Takes a payment method out of the vault; a failure leaves an unusable entry there, never an error for the shopper. */
export async function removeQuietly(gateway: braintree.BraintreeGateway, token: string): Promise<void> {
  try {
    await gateway.paymentMethod.delete(token);
  } catch {
    // An unverified or unpaid account left in the vault is never offered: the store keeps no record of it.
  }
}
