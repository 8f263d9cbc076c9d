import { CARD_GATEWAY, ErrorCatalogue, payPalCheckoutFailure, type BasketJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { PayPalCheckout } from 'braintree-web/paypal-checkout';
import { useEffect, useRef } from 'react';
import { getSession, sessionQuery } from '../../../../../../lib/get-session';
import { determineGateway } from '../../../../../billing';
import { useLatest, type WalletPayment } from '../../wallet-payment';
import { payPalCart } from './paypal-cart';
import { creditOffered, payLaterOffered } from './pay-later';
import { afterApproval, approvedBasket, type AfterApproval, type ApprovedBasket } from './paypal-update';

/** What the payer agrees to when saving the account (PayPal shows it on its approval page). */
const BILLING_AGREEMENT_DESCRIPTION = 'Affinity Store may charge this PayPal account when you choose it for a later purchase.';

export interface PayPalButtonProps {
  readonly payPal: PayPalCheckout;
  readonly payment: WalletPayment;
  /** The basket paid for: PayPal is shown its items (spec 3: lineItems and amountBreakdown). */
  readonly basket: BasketJson;
  /** The store shows PayPal Credit (BRAINTREE_PAYPAL_CREDIT): for US billing in US dollars only. */
  readonly credit?: boolean;
}

/**
 * The PayPal button (its own chunk, spec 2 §7), rendered by the PayPal JS SDK that braintree-web
 * loaded: checkout flow in the basket's currency, shipping off (spec 2 §9), with the basket's items
 * and a billing agreement when the shopper chose to save the account (checkout with vault); the
 * approval is tokenized by braintree-web and its nonce goes straight to placing the order. Where
 * PayPal offers Pay Later, the SDK's Pay Later button follows it (the same payment, paid over time),
 * and PayPal Credit's where the store offers it (US billing in dollars, with offerCredit).
 * A basket changed elsewhere while PayPal's window was open is read again at the approval: one that
 * costs no more is paid once PayPal's payment is updated to it; one that costs more is approved again.
 */
export default function PayPalButton({ payPal, payment, basket, credit = false }: PayPalButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest({ payment, basket });
  const queryClient = useQueryClient();
  // The basket version the last createPayment was made from: what the payer approves at PayPal.
  const approved = useRef<ApprovedBasket | null>(null);
  const payLater = payLaterOffered(payment.country, payment.currency);
  const payCredit = creditOffered(credit, payment.country, payment.currency);
  useEffect(() => {
    const host = container.current;
    const sdk = window.paypal;
    if (!host || !sdk) {
      latest.current.payment.onFailure(payPalCheckoutFailure({ code: 'PAYPAL_BROWSER_NOT_SUPPORTED' }));
      return;
    }
    const sources = ['paypal', ...(payLater ? ['paylater'] : []), ...(payCredit ? ['credit'] : [])];
    const rendered: { close?(): Promise<void> }[] = [];
    for (const fundingSource of sources) {
      const buttons = sdk.Buttons({
        fundingSource,
        createOrder: () => {
          const current = latest.current.payment;
          if (!current.ready()) return Promise.reject(new Error('consent'));
          approved.current = approvedBasket(latest.current.basket);
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
            ...(fundingSource === 'credit' ? { offerCredit: true } : {}),
            // Ours: Pay Later and Credit pay this order only; saving the account goes with PayPal's own button.
            ...(fundingSource === 'paypal' && current.saveAccount ? { requestBillingAgreement: true, billingAgreementDetails: { description: BILLING_AGREEMENT_DESCRIPTION } } : {}),
          });
        },
        onApprove: async (data) => {
          const next = await basketAfterApproval(approved.current);
          const nothingCharged = (code: number) => {
            latest.current.payment.onFailure(code);
            // The page shows the basket as it now is, and PayPal's button is made afresh for its total.
            void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
          };
          if (next.kind === 'approve-again') return nothingCharged(ErrorCatalogue.PAYPAL_BASKET_CHANGED.code);
          if (next.kind === 'update') {
            const { cart } = next;
            const ids = data as { paymentID?: string; orderID?: string };
            try {
              await payPal.updatePayment({
                paymentId: ids.paymentID ?? ids.orderID ?? '',
                amount: cart.amount,
                currency: cart.currency,
                ...(cart.lineItems ? { lineItems: cart.lineItems } : {}),
                ...(cart.amountBreakdown ? { amountBreakdown: cart.amountBreakdown } : {}),
              });
            } catch {
              return nothingCharged(ErrorCatalogue.PAYPAL_UPDATE_FAILED.code);
            }
          }
          const payload = await payPal.tokenizePayment(data);
          latest.current.payment.onNonce(payload.nonce, next.kind === 'update' ? next.basket : undefined);
        },
        onCancel: () => latest.current.payment.onFailure(payPalCheckoutFailure({ code: 'PAYPAL_POPUP_CLOSED' })),
        onError: (error) => {
          if (error instanceof Error && error.message === 'consent') return;
          latest.current.payment.onFailure(payPalCheckoutFailure(error));
        },
      });
      if (!buttons.isEligible()) {
        // PayPal itself is required; Pay Later and Credit are PayPal's to offer, and are simply left out.
        if (fundingSource === 'paypal') {
          latest.current.payment.onFailure(payPalCheckoutFailure({ code: 'PAYPAL_BROWSER_NOT_SUPPORTED' }));
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
  }, [payPal, latest, payLater, payCredit, queryClient]);
  return <div ref={container} className="wallet-button wallet-button--paypal" data-testid="paypal-button" />;
}

/**
 * The basket read again from the server once the payer approved. Unread (the network failed), it is
 * paid as approved: the server refuses it if it is stale, and nothing is charged. A changed basket
 * has lost the gateway billing chose for it (spec 2 §4): it is asked again, as confirming billing
 * does, and the basket read once more after it; a basket that is no longer the card gateway's, or
 * that now needs the tax exemption step, is not paid here.
 */
async function basketAfterApproval(approved: ApprovedBasket | null): Promise<AfterApproval> {
  if (!approved) return { kind: 'as-approved' };
  let now: BasketJson | null;
  try {
    now = (await getSession()).basket;
  } catch {
    return { kind: 'as-approved' };
  }
  const first = afterApproval(approved, now);
  if (first.kind !== 'update') return first;
  try {
    const decision = await determineGateway(first.basket.reference);
    if (decision.gateway !== CARD_GATEWAY.key || decision.show_tax_exemption) return { kind: 'approve-again' };
    return afterApproval(approved, (await getSession()).basket);
  } catch {
    return { kind: 'approve-again' };
  }
}
