import type { BillingAddressJson, WaitingState } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { sessionQuery } from '../../lib/get-session';
import { useAppUi } from '../../lib/app-ui';
import { placeOrder, type PlaceOrderInput } from './orders-api';

/** What the shopper is told about money after a failed placement (issue 8), from what the server knows. */
const CHARGE_NOTES: Record<string, string> = {
  'not-charged': 'You have not been charged, so it is safe to try again.',
  charged: 'Your payment went through: please do not pay again. Your order is in your account.',
  unknown: 'We could not confirm your payment. Trying again will not charge you twice.',
};

/** The billing address as the page holds it, without the Tax ID's standing (the server's own verdict). */
const shownAddress = (billing: BillingAddressJson): Omit<BillingAddressJson, 'vat_id_status'> => {
  const { line_1, line_2, line_3, city, county, state, postal_code, country, vat_id } = billing;
  return { line_1, line_2, line_3, city, county, state, postal_code, country, vat_id };
};

/**
 * PLACE_ORDER from any pay button (spec 2 §4 'Place order'): on success the confirmation page
 * (data.redirect); on failure the order number is kept so the retry reuses it (existing_order_number),
 * and the shopper is told whether they were charged.
 */
export function usePlaceOrder() {
  const { wait, notifyError } = useAppUi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const [chargeNote, setChargeNote] = useState<string | null>(null);

  /** Places the order; the ApiError of a refusal is shown, then thrown on for the caller to react to. */
  const place = async (input: PlaceOrderInput, waiting: WaitingState): Promise<void> => {
    // Spec 2 §7: the billing address on screen goes with the order, so one changed in another tab is caught.
    const billing = queryClient.getQueryData(sessionQuery().queryKey)?.customer?.billing;
    const shown = billing ? { billing_address: shownAddress(billing) } : {};
    try {
      const placed = await wait(waiting, () =>
        placeOrder({ ...shown, update_shipping_address: false, ...(orderNumber ? { existing_order_number: orderNumber } : {}), ...input }),
      );
      setChargeNote(null);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate(placed.redirect);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { order_number?: string | null; charged?: string } | undefined) : undefined;
      if (data?.order_number) setOrderNumber(data.order_number);
      setChargeNote(data?.charged ? (CHARGE_NOTES[data.charged] ?? null) : null);
      notifyError(error);
      throw error;
    }
  };

  /**
   * The billing address as PLACE_ORDER sends it, for a call that carries PLACE_ORDER's fields (a
   * local payment's start), so that it too is refused when the address changed in another tab.
   */
  const shownBilling = () => {
    const billing = queryClient.getQueryData(sessionQuery().queryKey)?.customer?.billing;
    return billing ? shownAddress(billing) : undefined;
  };

  return { place, orderNumber, chargeNote, keepOrderNumber: setOrderNumber, shownBilling };
}
