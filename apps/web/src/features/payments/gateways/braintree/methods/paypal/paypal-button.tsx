import { walletFailure, type BasketJson } from '@store/domain';
import type { PayPalCheckout } from 'braintree-web/paypal-checkout';
import { useEffect, useRef } from 'react';
import { failureCode, useLatest, type WalletPayment } from '../../wallet-payment';
import { payPalCart } from './paypal-cart';
import { payLaterOffered } from './pay-later';

/** What the payer agrees to when saving the account (PayPal shows it on its approval page). */
const BILLING_AGREEMENT_DESCRIPTION = 'Affinity Store may charge this PayPal account when you choose it for a later purchase.';

export interface PayPalButtonProps {
  readonly payPal: PayPalCheckout;
  readonly payment: WalletPayment;
  /** The basket paid for: PayPal is shown its items (spec 3: lineItems and amountBreakdown). */
  readonly basket: BasketJson;
}

/**
 * The PayPal button (its own chunk, spec 2 §7), rendered by the PayPal JS SDK that braintree-web
 * loaded: checkout flow in the basket's currency, shipping off (spec 2 §9), with the basket's items
 * and a billing agreement when the shopper chose to save the account (checkout with vault); the
 * approval is tokenized by braintree-web and its nonce goes straight to placing the order. Where
 * PayPal offers Pay Later, the SDK's Pay Later button follows it (the same payment, paid over time).
 */
export default function PayPalButton({ payPal, payment, basket }: PayPalButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest({ payment, basket });
  const payLater = payLaterOffered(payment.country, payment.currency);
  useEffect(() => {
    const host = container.current;
    const sdk = window.paypal;
    if (!host || !sdk) {
      latest.current.payment.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_BROWSER_NOT_SUPPORTED' })));
      return;
    }
    const sources = payLater ? ['paypal', 'paylater'] : ['paypal'];
    const rendered: { close?(): Promise<void> }[] = [];
    for (const fundingSource of sources) {
      const buttons = sdk.Buttons({
        fundingSource,
        createOrder: () => {
          const current = latest.current.payment;
          if (!current.ready()) return Promise.reject(new Error('consent'));
          const cart = payPalCart(latest.current.basket);
          // The items go only with the very amount the order charges (they are made from the same basket).
          const itemised = cart.amount === current.amount && cart.currency.toUpperCase() === current.currency.toUpperCase();
          return payPal.createPayment({
            flow: 'checkout',
            amount: current.amount,
            currency: current.currency,
            intent: 'capture',
            enableShippingAddress: false,
            ...(itemised && cart.lineItems ? { lineItems: cart.lineItems } : {}),
            ...(itemised && cart.amountBreakdown ? { amountBreakdown: cart.amountBreakdown } : {}),
            // Ours: Pay Later pays this order only; saving the account goes with PayPal's own button.
            ...(fundingSource === 'paypal' && current.saveAccount ? { requestBillingAgreement: true, billingAgreementDetails: { description: BILLING_AGREEMENT_DESCRIPTION } } : {}),
          });
        },
        onApprove: (data) => payPal.tokenizePayment(data).then((payload) => latest.current.payment.onNonce(payload.nonce)),
        onCancel: () => latest.current.payment.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_POPUP_CLOSED' }))),
        onError: (error) => {
          if (error instanceof Error && error.message === 'consent') return;
          latest.current.payment.onFailure(failureCode(walletFailure('paypal', error as { code?: string })));
        },
      });
      if (!buttons.isEligible()) {
        // PayPal itself is required; Pay Later is PayPal's to offer, and is simply left out.
        if (fundingSource === 'paypal') {
          latest.current.payment.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_BROWSER_NOT_SUPPORTED' })));
          return;
        }
        continue;
      }
      const slot = document.createElement('div');
      slot.className = `wallet-button__slot wallet-button__slot--${fundingSource}`;
      host.append(slot);
      void buttons.render(slot);
      rendered.push(buttons);
    }
    return () => {
      for (const buttons of rendered) void buttons.close?.();
      host.replaceChildren();
    };
  }, [payPal, latest, payLater]);
  return <div ref={container} className="wallet-button wallet-button--paypal" data-testid="paypal-button" />;
}
