import type { LocalPaymentJson, LocalPaymentState, OrderJson } from '@store/domain';
import { Link } from 'react-router';

/** The phrase every page uses for an order whose local payment the payer has still to approve. */
export const WAITING_FOR_PAYMENT = 'Waiting for your payment';

/** Ours: how often the order's page asks again while it waits for the provider. */
export const PAYMENT_POLL_MS = 3000;

/** The order waits for its local payment (approved or not yet): its pages say so and keep asking. */
export const awaitsPayment = (order: Pick<OrderJson, 'status' | 'local_payment'>): boolean =>
  order.status === 'pending' && (order.local_payment?.state === 'waiting' || order.local_payment?.state === 'completing');

/** The local payment ended without the money: the order failed, nothing was charged. */
export const paymentEndedUnpaid = (order: Pick<OrderJson, 'status' | 'local_payment'>): boolean =>
  order.status !== 'paid' && ['expired', 'reversed', 'cancelled', 'failed'].includes(order.local_payment?.state ?? '');

/** Ours: what the payer does now, by method (the app that asks them, or the invoice). */
const NEXT_STEP: Readonly<Record<string, string>> = {
  blik: 'Confirm the payment in your banking app.',
  mbway: 'Approve the payment request in the MB WAY app on your phone.',
  bancomatpay: "Approve the payment request in your bank's app on your phone.",
  'pay-upon-invoice': 'Ratepay is checking your details. The invoice, with how to pay it, comes by email.',
};

/** Ours: why an ended payment ended, by state. */
const ENDED: Readonly<Record<string, string>> = {
  expired: 'The time to approve your payment ran out.',
  reversed: 'Your payment was reversed by the payment provider.',
  cancelled: 'Your payment was cancelled.',
  failed: 'Your payment did not go through.',
};

const stateWords = (state: LocalPaymentState) => ENDED[state] ?? ENDED.failed;

/**
 * An order waiting for its local payment (spec 3 §1): what to do now, announced politely as it
 * changes; the page asks the server again meanwhile and shows the confirmation once paid.
 */
export function PaymentWait({ payment }: { readonly payment: LocalPaymentJson }) {
  const completing = payment.state === 'completing';
  return (
    <div className="payment-wait" data-testid="payment-wait">
      <p role="status" aria-live="polite">
        {completing ? 'Your payment has been approved and is being completed.' : (NEXT_STEP[payment.method] ?? 'Approve the payment where your payment provider asks you to.')}
      </p>
      <p>
        Your downloads and product keys appear here, and in a receipt by email, as soon as the payment is confirmed. This page updates by itself; you can also close it and
        come back later.
      </p>
    </div>
  );
}

/** An order whose local payment ended unpaid: why, that nothing was charged, and the way back to the basket. */
export function PaymentEnded({ payment, checkoutPath }: { readonly payment: LocalPaymentJson; readonly checkoutPath: string }) {
  return (
    <div className="payment-ended" data-testid="payment-ended">
      <p role="alert">{stateWords(payment.state)} You have not been charged for this order.</p>
      <p>
        <Link to={checkoutPath}>Back to your basket to pay another way</Link>
      </p>
    </div>
  );
}
