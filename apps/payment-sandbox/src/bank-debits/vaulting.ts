import { SandboxStore, type BankAccountDetails, type NonceRecord, type UsBankAccountDetails, type UsBankAccountVerificationRecord } from '../store';
import { findNonce } from '../gateway/vault';
import { networkCheckOutcome } from '../test-values';

/**
 * Saving a bank account from its nonce (`paymentMethod.create`). A US bank account is verified by
 * the method the merchant names in `options.us_bank_account_verification_method`: network_check
 * answers at once by the documented test account numbers; independent_check (ours) verifies;
 * micro_transfers stays pending (ours: the sandbox sends no deposits to confirm). As at the
 * provider, the account is saved whatever the verification said, with `verified` false unless it
 * passed, and a sale refuses an unverified saved account.
 */

export const VERIFICATION_METHODS = ['network_check', 'independent_check', 'micro_transfers'] as const;

/** The nonce when it is a bank account's (unknown or spent nonces are left to the card path's errors). */
export function bankNonceOf(store: SandboxStore, value: string | null): NonceRecord | null {
  if (value === null) return null;
  const found = findNonce(store, value);
  return 'nonce' in found && found.nonce.bankAccount ? found.nonce : null;
}

function verify(account: UsBankAccountDetails, method: string, now: string): UsBankAccountVerificationRecord {
  const base = { id: SandboxStore.id(), verificationMethod: method, createdAt: now };
  if (method === 'network_check') {
    const outcome = networkCheckOutcome(account.accountNumber);
    return { ...base, status: outcome.status, processorResponseCode: outcome.code, processorResponseText: outcome.text, additionalProcessorResponse: outcome.additional };
  }
  if (method === 'micro_transfers') return { ...base, status: 'pending', processorResponseCode: '1000', processorResponseText: 'Approved', additionalProcessorResponse: null };
  return { ...base, status: 'verified', processorResponseCode: '1000', processorResponseText: 'Approved', additionalProcessorResponse: null };
}

/** The account to save: a US account with its verification (if one was asked), a SEPA account as its mandate made it. */
export function accountToSave(account: BankAccountDetails, method: string | null, now = new Date().toISOString()): BankAccountDetails {
  if (account.kind !== 'UsBankAccount' || method === null) return account;
  const verification = verify(account, method, now);
  return { ...account, verified: verification.status === 'verified', verifications: [verification] };
}
