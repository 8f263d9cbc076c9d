// What a wallet's own button pays with (amount, consent, nonce, failure), shared by the wallet methods.
import { walletFailure, type BasketJson } from '@store/domain';
import { useEffect, useRef } from 'react';

export interface WalletPayment {
  /** The order's total as a decimal string, its currency and the billing country. */
  readonly amount: string;
  readonly currency: string;
  readonly country: string;
  /** Checks what must be checked before paying (the immediate-supply consent); false stops here. */
  readonly ready: () => boolean;
  /** PayPal only: the shopper chose to save the account (checkout with a billing agreement). */
  readonly saveAccount?: boolean;
  /**
   * The wallet's nonce goes straight to placing the order (spec 2 §4: no 3-D Secure step). PayPal
   * names the basket it paid for when that is a newer version than the page's (its payment was
   * brought up to date at PayPal): the order is placed for that version, which the server still checks.
   */
  readonly onNonce: (nonce: string, basket?: BasketJson) => void;
  /** A response code to show, or nothing for a quiet cancel. */
  readonly onFailure: (code: number | null) => void;
}

export const failureCode = (failure: ReturnType<typeof walletFailure>): number | null => (failure.kind === 'quiet' ? null : failure.code);

/**
 * The wallets' own buttons are made once and keep their click handlers, so those read the payment
 * as it is now (consent ticked since, basket changed) through this ref.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
