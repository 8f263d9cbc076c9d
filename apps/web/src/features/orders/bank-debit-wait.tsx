import type { OrderJson } from '@store/domain';
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
