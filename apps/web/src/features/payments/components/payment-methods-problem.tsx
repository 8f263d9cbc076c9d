import { ErrorCatalogue } from '@store/domain';

/** Spec 2 §8: the card gateway could not be set up; what the shopper can do about it. */
export function PaymentMethodsProblem() {
  return (
    <div className="notice notice--error" role="alert" data-testid="payment-methods-problem">
      <p>{ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.message}</p>
      <ul>
        <li>If you are browsing privately, please try again in a normal window.</li>
        <li>If the problem continues, please contact our customer support.</li>
      </ul>
    </div>
  );
}
