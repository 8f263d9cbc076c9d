import type { BankDebitJson, OrderJson } from '@store/domain';
import { Link } from 'react-router';

/** The phrase every page uses for an order whose bank debit has still to settle. */
export const WAITING_FOR_BANK = 'Waiting for your bank';
export const BANK_RETURNED = 'Your bank returned this payment';

type BankFacts = Pick<OrderJson, 'status' | 'bank_debit'>;

/** The order waits for its bank debit to settle, its keys not yet released: its pages say so and keep asking. */
export const awaitsBank = (order: BankFacts): boolean => order.status === 'pending' && order.bank_debit?.state === 'pending' && !order.bank_debit.released;

/** The bank refused the debit when it came to settle: the order failed, nothing was taken. */
export const bankDebitDeclined = (order: BankFacts): boolean => order.bank_debit?.state === 'declined' && order.status !== 'paid';

/** The bank took a settled debit back: the order is refunded and its keys revoked. */
export const bankDebitReturned = (order: BankFacts): boolean => order.bank_debit?.state === 'returned';

/** Released at once, but the bank has still to settle it (the customer's earlier orders vouch for them). */
export const bankDebitSettling = (order: BankFacts): boolean => order.status === 'paid' && order.bank_debit?.state === 'pending';

/** An order waiting for its bank (spec 3: a debit is money only when it settles): what happens, and when. */
export function BankWait() {
  return (
    <div className="payment-wait" data-testid="bank-wait">
      <p role="status" aria-live="polite">
        Your bank has accepted the debit instruction. We release your downloads and product keys when the money arrives, which usually takes 2 to 5 business days.
      </p>
      <p>
        We email you the receipt with your product keys as soon as the debit settles; they also appear here and under your downloads. This page updates by itself;
        you can close it and come back later.
      </p>
    </div>
  );
}

/** An order whose debit the bank declined at settlement: nothing was taken, and the way back. */
export function BankDebitDeclined({ checkoutPath }: { readonly checkoutPath: string }) {
  return (
    <div className="payment-ended" data-testid="bank-declined">
      <p role="alert">Your bank declined the debit, so this order failed. Nothing has been taken from your account.</p>
      <p>
        <Link to={checkoutPath}>Back to your basket to pay another way</Link>
      </p>
    </div>
  );
}

/** An order whose settled debit the bank took back: refunded, keys revoked. */
export function BankDebitReturned({ storePath }: { readonly storePath: string }) {
  return (
    <div className="payment-ended" data-testid="bank-returned">
      <p role="alert">
        Your bank returned the payment for this order, so the order has been cancelled and its product keys no longer work. If this was a mistake, please contact
        your bank, or buy again.
      </p>
      <p>
        <Link to={storePath}>Back to the store</Link>
      </p>
    </div>
  );
}

/** The account in a few words, for the order list: 'IBAN ending 3000', 'Bank account ending 6789'; null when the store was not told it. */
export function bankAccountShort(debit: BankDebitJson | null): string | null {
  if (!debit?.account_last4 || !debit.method) return null;
  return `${debit.method === 'sepa' ? 'IBAN' : 'Bank account'} ending ${debit.account_last4}`;
}

/**
 * How the order's bank debit is paid, as the card gateway recorded the sale (not what the page
 * sent): 'SEPA Direct Debit, IBAN ending 3000, mandate reference …' or 'US bank account, account
 * ending 6789 (bank)'. The mandate reference is what the shopper's bank statement and any question
 * to their bank will name.
 */
export function BankAccountLine({ debit }: { readonly debit: BankDebitJson | null }) {
  if (!debit?.method) return null;
  const sepa = debit.method === 'sepa';
  return (
    <p data-testid="bank-account" style={{ overflowWrap: 'anywhere' }}>
      Payment: {sepa ? 'SEPA Direct Debit' : 'US bank account (ACH)'}
      {debit.account_last4 && (
        <>
          , {sepa ? 'IBAN' : 'account'} ending <strong>{debit.account_last4}</strong>
        </>
      )}
      {!sepa && debit.bank_name && <> ({debit.bank_name})</>}
      {sepa && debit.mandate_reference && (
        <>
          , mandate reference <strong>{debit.mandate_reference}</strong>
        </>
      )}
    </p>
  );
}
