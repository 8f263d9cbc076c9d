import { walletFailure } from '@store/domain';
import type { PayPalCheckout } from 'braintree-web/paypal-checkout';
import { useEffect, useRef } from 'react';
import { failureCode, useLatest, type WalletPayment } from '../../wallet-payment';

/** What the payer agrees to when saving the account (PayPal shows it on its approval page). */
const BILLING_AGREEMENT_DESCRIPTION = 'Affinity Store may charge this PayPal account when you choose it for a later purchase.';

export interface PayPalButtonProps {
  readonly payPal: PayPalCheckout;
  readonly payment: WalletPayment;
}

/**
 * The PayPal button (its own chunk, spec 2 §7), rendered by the PayPal JS SDK that braintree-web
 * loaded: checkout flow in the basket's currency, shipping off (spec 2 §9), with a billing agreement
 * when the shopper chose to save the account (checkout with vault); the approval is tokenized by
 * braintree-web and its nonce goes straight to placing the order.
 */
export default function PayPalButton({ payPal, payment }: PayPalButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest(payment);
  useEffect(() => {
    const host = container.current;
    const sdk = window.paypal;
    if (!host || !sdk) {
      latest.current.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_BROWSER_NOT_SUPPORTED' })));
      return;
    }
    const buttons = sdk.Buttons({
      fundingSource: sdk.FUNDING.PAYPAL,
      createOrder: () => {
        const current = latest.current;
        if (!current.ready()) return Promise.reject(new Error('consent'));
        return payPal.createPayment({
          flow: 'checkout',
          amount: current.amount,
          currency: current.currency,
          intent: 'capture',
          enableShippingAddress: false,
          ...(current.saveAccount ? { requestBillingAgreement: true, billingAgreementDetails: { description: BILLING_AGREEMENT_DESCRIPTION } } : {}),
        });
      },
      onApprove: (data) => payPal.tokenizePayment(data).then((payload) => latest.current.onNonce(payload.nonce)),
      onCancel: () => latest.current.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_POPUP_CLOSED' }))),
      onError: (error) => {
        if (error instanceof Error && error.message === 'consent') return;
        latest.current.onFailure(failureCode(walletFailure('paypal', error as { code?: string })));
      },
    });
    if (!buttons.isEligible()) {
      latest.current.onFailure(failureCode(walletFailure('paypal', { code: 'PAYPAL_BROWSER_NOT_SUPPORTED' })));
      return;
    }
    void buttons.render(host);
    return () => {
      void buttons.close?.();
      host.replaceChildren();
    };
  }, [payPal, latest]);
  return <div ref={container} className="wallet-button wallet-button--paypal" data-testid="paypal-button" />;
}
