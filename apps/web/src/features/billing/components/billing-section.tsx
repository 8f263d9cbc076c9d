import type { CustomerJson } from '@store/domain';
import { Button } from '@store/ui';
import { useState } from 'react';
import { BillingForm } from './billing-form';
import { BillingSummary } from './billing-summary';

export interface BillingSectionProps {
  readonly customer: CustomerJson | null;
  readonly basketReference: string;
  /** The billing step is the journey's current one. */
  readonly active: boolean;
  readonly defaultCountry: string;
  readonly onSaved: (customer: CustomerJson) => void;
  /** The address is already there and the step is current again (the basket changed): go on with it. */
  readonly onContinue: () => void;
}

/**
 * The billing address section (spec 2 §2): the form while there is no address (or after Change),
 * otherwise the read-only address with a Change button.
 */
export function BillingSection({ customer, basketReference, active, defaultCountry, onSaved, onContinue }: BillingSectionProps) {
  const [editing, setEditing] = useState(false);
  const hasAddress = Boolean(customer?.billing?.line_1 && customer.billing.postal_code);
  if (!customer || (!active && !hasAddress && !editing)) {
    return <p className="checkout-section__placeholder">Available once the previous step is complete.</p>;
  }
  if (hasAddress && !editing) {
    return (
      <>
        <BillingSummary customer={customer} onChange={() => setEditing(true)} />
        {active && (
          <Button className="billing-summary__continue" onClick={onContinue}>
            Continue
          </Button>
        )}
      </>
    );
  }
  return (
    <BillingForm
      customer={customer}
      basketReference={basketReference}
      defaultCountry={defaultCountry}
      onSaved={(saved) => {
        setEditing(false);
        onSaved(saved);
      }}
    />
  );
}
