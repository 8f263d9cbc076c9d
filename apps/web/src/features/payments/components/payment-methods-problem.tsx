import { ErrorCatalogue } from '@store/domain';
import { Button } from '@store/ui';
import { anImportHasFailed, anImportIsOverdue } from '../load-limit';

export interface PaymentMethodsProblemProps {
  /** Tries the set-up again in the page; without it the shopper has only the notes. */
  readonly onRetry?: () => void;
}

/** Spec 2 §8: the payment gateway could not be set up (or its code did not arrive in time); what the shopper can do about it. */
export function PaymentMethodsProblem({ onRetry }: PaymentMethodsProblemProps) {
  return (
    <div className="notice notice--error" role="alert" data-testid="payment-methods-problem">
      <p>{ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.message}</p>
      <ul>
        <li>If you are browsing privately, please try again in a normal window.</li>
        <li>If the problem continues, please contact our customer support.</li>
      </ul>
      {onRetry && (
        // A chunk still hanging would only be joined again in this page, and one whose request failed
        // would fail again: a new page asks for it afresh (the journey is kept by the server, so the
        // shopper comes back to this step).
        <Button variant="secondary" onClick={() => (anImportIsOverdue() || anImportHasFailed() ? window.location.reload() : onRetry())}>
          Retry
        </Button>
      )}
    </div>
  );
}
