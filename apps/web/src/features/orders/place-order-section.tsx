import type { BasketJson, CustomerJson } from '@store/domain';
import { Button } from '@store/ui';
import { ChargeNote } from './charge-note';
import { usePlaceOrder } from './use-place-order';
import { SectionPlaceholder } from '../../lib/section-placeholder';

export interface PlaceOrderSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson | null;
  readonly locale: string;
  readonly active: boolean;
}

/**
 * Place order (spec 2 §2): 'Get my download link' when nothing is to be paid, under the 'Processing'
 * (free download) or 'Processing your order' overlay; a failure keeps the order number for the retry.
 */
export function PlaceOrderSection({ basket, customer, locale, active }: PlaceOrderSectionProps) {
  const { place, chargeNote } = usePlaceOrder();
  if (!active || !customer) return <SectionPlaceholder />;

  const getDownloadLink = () =>
    place(
      { basket_reference_id: basket.reference, basket_stale_hash: basket.stale_hash, customer_public_id: customer.public_id, gateway: 'complimentary', locale },
      basket.flags.is_free_download ? 'free-content' : 'retail-order',
    ).catch(() => undefined);

  return (
    <div className="place-order">
      <ChargeNote note={chargeNote} />
      <Button onClick={() => void getDownloadLink()}>Get my download link</Button>
    </div>
  );
}
