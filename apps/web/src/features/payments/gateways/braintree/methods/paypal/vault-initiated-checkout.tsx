import { ErrorCatalogue, payPalVaultFailure, type SavedMethodJson } from '@store/domain';
import { Button } from '@store/ui';
import type { PayPalCheckout, PayPalTokenizePayload } from 'braintree-web/paypal-checkout';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import type { CardGatewayClient } from '../../card-gateway-client';
import type { MethodPayment } from '../../method';
import { vaultedPayPalFor } from '../saved-methods/saved-methods';

/**
 * braintree-web's vault-initiated checkout (marked @ignore in its docs, so not in our typings of the
 * module): PayPal's window on a saved account, where its payer agrees again to pay.
 */
interface VaultInitiatedCheckout {
  startVaultInitiatedCheckout(options: { vaultInitiatedCheckoutPaymentMethodToken: string; amount: string; currency: string }): Promise<PayPalTokenizePayload>;
}

export interface VaultInitiatedCheckoutOptions {
  /** PayPal's checkout, once made. */
  readonly checkout: PayPalCheckout | null;
  readonly gateway: CardGatewayClient;
  /** Pays under PayPal's payment method type. */
  readonly payment: MethodPayment;
  /** The saved PayPal account the shopper chose. */
  readonly account: SavedMethodJson;
}

/**
 * A saved PayPal account whose payer withdrew its pre-approval at PayPal is refused with
 * PAYPAL_CONSENT_NEEDED; the shopper is then offered 'Confirm with PayPal', which opens PayPal's
 * window on that account (startVaultInitiatedCheckout) and pays the same order with its answer.
 * The account is the one the gateway's vault manager lists with the chosen account's email for this
 * customer's client token (the server names the vault customer), so the page can only ever name the
 * customer's own account, and of several saved ones the one the shopper chose.
 */
export function useVaultInitiatedCheckout({ checkout, gateway, payment, account }: VaultInitiatedCheckoutOptions) {
  const { notify } = useAppUi();
  const [needed, setNeeded] = useState(false);
  // The account's vault-manager nonce, fetched as soon as consent is needed, so that the click
  // opens PayPal's window at once (a browser lets a page open a window only straight after a click).
  const accountNonce = useRef<Promise<string | null> | null>(null);
  const prompt = useRef<HTMLDivElement>(null);
  const [focusWanted, setFocusWanted] = useState(0);

  useEffect(() => {
    if (focusWanted > 0) prompt.current?.querySelector('button')?.focus();
  }, [focusWanted]);

  const fetchAccountNonce = () => {
    const fetched = gateway
      .vaultedPaymentMethods()
      .then((methods) => vaultedPayPalFor(methods, account)?.nonce ?? null)
      .catch(() => null);
    accountNonce.current = fetched;
    return fetched;
  };

  /** What 'Pay with saved PayPal account' hears back: the refusal that asks for consent opens this step. */
  const afterRefusal = (code: number | null) => {
    if (code !== ErrorCatalogue.PAYPAL_CONSENT_NEEDED.code) return;
    void fetchAccountNonce();
    setNeeded(true);
    setFocusWanted((count) => count + 1);
  };

  const confirmWithPayPal = async () => {
    const flow = checkout as (PayPalCheckout & Partial<VaultInitiatedCheckout>) | null;
    const { amount, currency } = payment.wallet();
    const code = await payment.payWithNonce(async () => {
      const nonce = await (accountNonce.current ?? fetchAccountNonce());
      // The nonce names the account for this attempt only; a retry asks the vault manager again.
      accountNonce.current = null;
      // PayPal's own set-up has not finished (or failed): its window cannot open yet.
      if (!flow?.startVaultInitiatedCheckout) {
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
        return null;
      }
      if (!nonce) {
        notify(ErrorCatalogue.SAVED_PAYPAL_INVALID.code);
        return null;
      }
      try {
        const approved = await flow.startVaultInitiatedCheckout({ vaultInitiatedCheckoutPaymentMethodToken: nonce, amount, currency });
        return approved.nonce;
      } catch (error) {
        notify(payPalVaultFailure(error as { code?: unknown }));
        setFocusWanted((count) => count + 1);
        return null;
      }
    });
    if (code !== null) afterRefusal(code);
  };

  const element: ReactNode = needed ? (
    <div ref={prompt} className="paypal-consent" data-testid="paypal-consent">
      <p id="paypal-consent-why">PayPal needs you to agree again before this saved account can pay. Nothing has been charged.</p>
      <Button busy={payment.busy} aria-describedby="paypal-consent-why" onClick={() => void confirmWithPayPal()}>
        Confirm with PayPal
      </Button>
    </div>
  ) : null;

  return { afterRefusal, element } as const;
}
