import { canEnterTaxId, countryName, regionName, type CustomerJson } from '@store/domain';
import { Button } from '@store/ui';

export interface BillingSummaryProps {
  readonly customer: CustomerJson;
  readonly onChange?: () => void;
  /** The basket has a product to post: say where it goes. */
  readonly showDelivery?: boolean;
}

/**
 * The billing address, read-only (spec 2 §2): lines 1 to 3, city, county, the state's name, postal
 * code and country name, and the Tax ID only for business or education accounts; Change reopens the form.
 */
export function BillingSummary({ customer, onChange, showDelivery = false }: BillingSummaryProps) {
  const billing = customer.billing;
  if (!billing) return null;
  const lines = [billing.line_1, billing.line_2, billing.line_3, billing.city, billing.county, billing.state && regionName(billing.country, billing.state), billing.postal_code, countryName(billing.country)];
  return (
    <div className="billing-summary">
      <address className="billing-summary__address" data-testid="billing-summary">
        {lines.filter(Boolean).map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {canEnterTaxId(customer.account.type) && billing.vat_id && (
        <p className="billing-summary__tax-id">
          Tax ID: {billing.vat_id}
          {billing.vat_id_status === 'unverified' && <span className="billing-summary__note"> (being checked)</span>}
        </p>
      )}
      {showDelivery && customer.shipping && (
        <p className="billing-summary__delivery" data-testid="delivery-summary">
          Delivery address:{' '}
          {customer.shipping.same_as_billing || !customer.shipping.address
            ? 'the billing address'
            : [customer.shipping.address.line_1, customer.shipping.address.city, customer.shipping.address.postal_code, countryName(customer.shipping.address.country)]
                .filter(Boolean)
                .join(', ')}
        </p>
      )}
      {onChange && (
        <Button variant="secondary" onClick={onChange}>
          Change<span className="visually-hidden"> billing address</span>
        </Button>
      )}
    </div>
  );
}
