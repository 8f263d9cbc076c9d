import { savedBankAccountFits, type CardCheckoutJson, type SavedBankAccountJson } from '@store/domain';
import { Button } from '@store/ui';
import { defineMethod, type MethodProps } from '../../method';

/**
 * The saved bank account that can pay this basket: its debit's own rule (SEPA: euros billed to a
 * SEPA country; ACH: dollars billed to the US) with that debit switched on; the newest first.
 */
export function savedAccountFor(checkout: CardCheckoutJson, country: string, currency: string): SavedBankAccountJson | null {
  const switchedOn = (account: SavedBankAccountJson) => (account.kind === 'sepa' ? checkout.bank_debits.sepa : checkout.bank_debits.us_bank_account);
  return checkout.saved_bank_accounts.find((account) => savedBankAccountFits(account.kind, { billingCountry: country, currency, switchedOn: switchedOn(account) })) ?? null;
}

/** How the page names the account: its kind, where it is, and its last digits. */
export function savedAccountDescription(account: SavedBankAccountJson): string {
  return account.kind === 'sepa'
    ? `SEPA Direct Debit from the account ending ${account.last4}${account.mandate_reference ? ` (mandate ${account.mandate_reference})` : ''}`
    : `US bank account ending ${account.last4}${account.bank_name ? ` at ${account.bank_name}` : ''}`;
}

/**
 * Paying from a saved bank account: no bank details, no mandate window (the saved account's
 * mandate covers later orders). The page sends the store's reference of the account; the server
 * pays only its owner's, and the debit then waits for the bank like any other.
 */
function SavedBankAccountPayment({ checkout, customer, chosen, payment }: MethodProps<never>) {
  const account = savedAccountFor(checkout, customer.billing?.country ?? '', payment.local.currency);
  if (!chosen || !account) return null;
  return (
    <div className="bank-debit" data-testid="saved-bank-account">
      <p id="saved-bank-account-description">{savedAccountDescription(account)}</p>
      <p>Bank debits take a few days to settle.</p>
      <Button busy={payment.busy} aria-describedby="saved-bank-account-description" onClick={() => void payment.payWithNonce(async () => account.reference, false)}>
        Pay from your saved account ending {account.last4}
      </Button>
    </div>
  );
}

/** Offered when a saved account fits the basket's currency and billing country. */
export const savedBankAccountMethod = defineMethod<never, never>({
  key: 'saved-bank-account',
  offered: ({ checkout, country, currency }) => savedAccountFor(checkout, country, currency) !== null,
  Component: SavedBankAccountPayment,
});
