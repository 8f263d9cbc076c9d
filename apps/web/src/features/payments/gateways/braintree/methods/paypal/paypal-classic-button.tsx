import { ErrorCatalogue, payPalClassicFailure } from '@store/domain';
import { Button } from '@store/ui';
import type { Client } from 'braintree-web/client';
import type { PayPalClassic } from 'braintree-web/paypal';
import { useEffect, useRef, useState } from 'react';
import { PaymentMethodsProblem } from '../../../../components/payment-methods-problem';
import { importWithinLimit } from '../../../../load-limit';
import type { WalletPayment } from '../../wallet-payment';

export interface PayPalClassicButtonProps {
  readonly client: Client;
  readonly payment: WalletPayment;
  readonly loadLimitMs: number;
}

/**
 * PayPal through braintree-web's classic `paypal` module (BRAINTREE_PAYPAL_CLASSIC, for merchants
 * still on it): our own button opens the module's popup on PayPal's page, in the basket's currency
 * with shipping off, and its nonce goes straight to placing the order. The module loads lazily,
 * within the load limit; its errors are told in the catalogue's words and the focus returns here.
 */
export function PayPalClassicButton({ client, payment, loadLimitMs }: PayPalClassicButtonProps) {
  const [attempt, setAttempt] = useState(0);
  const [made, setMade] = useState<{ readonly attempt: number; readonly payPal: PayPalClassic | null }>({ attempt: -1, payPal: null });
  const button = useRef<HTMLDivElement>(null);
  const latest = useRef(payment);
  useEffect(() => {
    latest.current = payment;
  });

  useEffect(() => {
    let cancelled = false;
    let instance: PayPalClassic | null = null;
    importWithinLimit(import('braintree-web/paypal'), loadLimitMs, 'PayPal')
      .then((module) => module.create({ client }))
      .then((payPal) => {
        instance = payPal;
        if (cancelled) void payPal.teardown();
        else setMade({ attempt, payPal });
      })
      .catch(() => {
        if (cancelled) return;
        setMade({ attempt, payPal: null });
        latest.current.onFailure(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
      });
    return () => {
      cancelled = true;
      // The module's hidden dispatch frame goes with the button.
      void instance?.teardown().catch(() => undefined);
    };
  }, [client, loadLimitMs, attempt]);

  const pay = () => {
    const current = latest.current;
    if (!made.payPal || !current.ready()) return;
    // tokenize() opens the window at once, inside this click, as browsers require.
    made.payPal
      .tokenize({ flow: 'checkout', amount: current.amount, currency: current.currency, intent: 'sale', enableShippingAddress: false })
      .then((approved) => latest.current.onNonce(approved.nonce))
      .catch((error: unknown) => {
        latest.current.onFailure(payPalClassicFailure(error as { code?: unknown }));
        button.current?.querySelector('button')?.focus();
      });
  };

  if (made.attempt !== attempt) return <p role="status">Loading PayPal…</p>;
  if (!made.payPal) return <PaymentMethodsProblem onRetry={() => setAttempt((current) => current + 1)} />;
  return (
    <div ref={button} className="wallet-button wallet-button--paypal" data-testid="paypal-classic-button">
      <Button onClick={pay}>Pay with PayPal</Button>
    </div>
  );
}
