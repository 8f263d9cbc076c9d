import { ErrorCatalogue, payPalVaultFailure, type SavedMethodsJson } from '@store/domain';
import { Button } from '@store/ui';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../../../lib/api-client';
import { useAppUi } from '../../../../lib/app-ui';
import { savePayPalAccount } from './api';
import { useLatest } from './wallet-payment';

/** What the payer agrees to when saving the account (PayPal shows it on its approval page). */
const BILLING_AGREEMENT_DESCRIPTION = 'Affinity Store may charge this PayPal account when you choose it for a later purchase.';

const fetchVaultSetUp = () => api.get<{ client_token: string; environment: 'sandbox' | 'production' }>('/data/account/paypal-vault/');

/**
 * 'Add a PayPal account' (spec 3, PayPal's vault flow): braintree-web's PayPal module, loaded on the
 * customer's asking, renders PayPal's button for a billing agreement only. The approval is tokenized
 * and the store vaults it as one more saved payment method; nothing is paid. A cancel saves nothing.
 */
export function PayPalVaultButton({ onSaved }: { readonly onSaved: (savedMethods: SavedMethodsJson) => void }) {
  const { notify, notifyError } = useAppUi();
  // Open: PayPal's module is wanted (loading, then its button shown); ready: the button is there.
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest({ onSaved, notify, notifyError });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let teardown: (() => void) | null = null;
    (async () => {
      const setUp = await fetchVaultSetUp();
      // The payment libraries stay behind a dynamic import (web budgets): loaded only when asked for.
      const [clientModule, payPalModule] = await Promise.all([import('braintree-web/client'), import('braintree-web/paypal-checkout')]);
      const client = await clientModule.create({ authorization: setUp.client_token });
      const instance = await payPalModule.create({ client });
      const checkout = await instance.loadPayPalSDK({ currency: 'GBP', vault: true, ...(setUp.environment === 'production' ? {} : { env: 'sandbox' as const }) });
      const sdk = window.paypal;
      const host = container.current;
      if (cancelled || !host) return;
      if (!sdk) throw { code: 'PAYPAL_NOT_ENABLED' };
      const buttons = sdk.Buttons({
        fundingSource: sdk.FUNDING.PAYPAL,
        createBillingAgreement: () => checkout.createPayment({ flow: 'vault', billingAgreementDescription: BILLING_AGREEMENT_DESCRIPTION, enableShippingAddress: false }),
        // vault: false, as the token names no customer: the store vaults the account itself.
        onApprove: (data) =>
          checkout
            .tokenizePayment({ ...(data as object), vault: false })
            .then((payload) => savePayPalAccount(payload.nonce))
            .then((saved) => {
              setOpen(false);
              latest.current.onSaved(saved);
            })
            .catch((error: unknown) => (error instanceof ApiError ? latest.current.notifyError(error) : latest.current.notify(payPalVaultFailure(error as { code?: unknown })))),
        onCancel: () => latest.current.notify(payPalVaultFailure({ code: 'PAYPAL_POPUP_CLOSED' })),
        onError: (error) => latest.current.notify(payPalVaultFailure(error as { code?: unknown })),
      });
      if (!buttons.isEligible()) throw { code: 'PAYPAL_NOT_ENABLED' };
      await buttons.render(host);
      teardown = () => {
        void buttons.close?.();
        host.replaceChildren();
        void instance.teardown();
      };
      if (!cancelled) setReady(true);
    })().catch((error: unknown) => {
      if (cancelled) return;
      setOpen(false);
      if (error instanceof ApiError) latest.current.notifyError(error);
      else latest.current.notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
    });
    return () => {
      cancelled = true;
      setReady(false);
      teardown?.();
    };
  }, [open, latest]);

  return (
    <div className="paypal-vault">
      {!ready && (
        <Button variant="secondary" busy={open} onClick={() => setOpen(true)}>
          Add a PayPal account
        </Button>
      )}
      {open && !ready && <p role="status">Loading PayPal…</p>}
      <div ref={container} className="wallet-button wallet-button--paypal" data-testid="paypal-vault-button" hidden={!ready} />
      {ready && <p>Choose PayPal above to agree; nothing is charged now.</p>}
    </div>
  );
}
