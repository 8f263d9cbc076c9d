import type { BasketJson, CustomerJson } from '@store/domain';
import { Button } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCheckoutUi } from '../checkout/checkout-ui';
import { placeOrder } from './orders-api';

export interface PlaceOrderSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson | null;
  readonly locale: string;
  readonly active: boolean;
}

/** What the shopper is told about money after a failed placement (issue 8), from what the server knows. */
const CHARGE_NOTES: Record<string, string> = {
  'not-charged': 'You have not been charged, so it is safe to try again.',
  charged: 'Your payment went through: please do not pay again. Your order is in your account.',
  unknown: 'We could not confirm your payment. Trying again will not charge you twice.',
};

/**
 * Place order (spec 2 §2): 'Get my download link' when nothing is to be paid, under the 'Processing'
 * (free download) or 'Processing your order' overlay; a failure keeps the order number for the retry.
 */
export function PlaceOrderSection({ basket, customer, locale, active }: PlaceOrderSectionProps) {
  const { wait, notifyError } = useCheckoutUi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const [chargeNote, setChargeNote] = useState<string | null>(null);
  if (!active || !customer) return <p className="checkout-section__placeholder">Available once the previous step is complete.</p>;

  const place = async () => {
    try {
      const placed = await wait(basket.flags.is_free_download ? 'free-content' : 'retail-order', () =>
        placeOrder({
          basket_reference_id: basket.reference,
          basket_stale_hash: basket.stale_hash,
          customer_public_id: customer.public_id,
          gateway: 'complimentary',
          locale,
          ...(orderNumber ? { existing_order_number: orderNumber } : {}),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate(placed.redirect);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { order_number?: string | null; charged?: string } | undefined) : undefined;
      if (data?.order_number) setOrderNumber(data.order_number);
      setChargeNote(data?.charged ? (CHARGE_NOTES[data.charged] ?? null) : null);
      notifyError(error);
    }
  };

  return (
    <div className="place-order">
      {chargeNote && (
        <p className="notice" role="status">
          {chargeNote}
        </p>
      )}
      <Button onClick={() => void place()}>Get my download link</Button>
    </div>
  );
}
