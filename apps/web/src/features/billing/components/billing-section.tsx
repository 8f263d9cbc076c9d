import type { CustomerJson } from '@store/domain';
import { Button } from '@store/ui';
import { useState } from 'react';
import { BillingForm } from './billing-form';
import { BillingSummary } from './billing-summary';
import { SectionPlaceholder } from '../../../lib/section-placeholder';

export interface BillingSectionProps {
  readonly customer: CustomerJson | null;
  readonly basketReference: string;
  /** The billing step is the journey's current one. */
  readonly active: boolean;
  readonly defaultCountry: string;
  readonly onSaved: (customer: CustomerJson) => void;
  /** The address is already there and the step is current again (the basket changed): go on with it. */
  readonly onContinue: () => void;
  /** The basket has a product to post: the section also asks where it goes. */
  readonly shippingRequired?: boolean;
  /** The order pays nothing, so it skips billing (unless an address is there to show). */
  readonly notNeeded?: boolean;
}

/**
 * The billing address section (spec 2 §2): the form while there is no address (or after Change),
 * otherwise the read-only address with a Change button.
 */
export function BillingSection({ customer, basketReference, active, defaultCountry, onSaved, onContinue, shippingRequired = false, notNeeded = false }: BillingSectionProps) {
  const [editing, setEditing] = useState(false);
  // A basket with something to post is not ready to pay until the customer has said where it goes.
  const hasAddress = Boolean(customer?.billing?.line_1 && customer.billing.postal_code) && (!shippingRequired || !active || Boolean(customer?.shipping));
  if (!customer || (!active && !hasAddress && !editing)) {
    return <SectionPlaceholder notNeeded={notNeeded} />;
  }
  if (hasAddress && !editing) {
    return (
      <>
        <BillingSummary customer={customer} showDelivery={shippingRequired} onChange={() => setEditing(true)} />
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
      shippingRequired={shippingRequired}
      onSaved={(saved) => {
        setEditing(false);
        onSaved(saved);
      }}
    />
  );
}
