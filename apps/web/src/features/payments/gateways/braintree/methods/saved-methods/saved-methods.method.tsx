import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { Button } from '@store/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import type { CardGatewayClient } from '../../card-gateway-client';
import { defineMethod, type MethodPayment, type MethodProps } from '../../method';
import type { MethodInstances } from '../../set-up-methods';
import { payPalCheckoutIn } from '../paypal/paypal.method';
import { useVaultInitiatedCheckout } from '../paypal/vault-initiated-checkout';
import { useSavedCardCode } from './saved-card-code';
import { anySavedMethodUsable, chosenSavedMethod, refusalOf, savedMethodLabel, shownSavedMethods, vaultedCardFor } from './saved-methods';

interface ActionProps {
  readonly method: SavedMethodJson;
  /** The section's payment, under the saved method's own kind. */
  readonly payment: MethodPayment;
  readonly gateway: CardGatewayClient;
  /** The refused payment's code: a method it makes unusable is not offered again on this page. */
  readonly refused: (code: number | null) => void;
}

/**
 * A saved card (spec 2 §2): the vault manager gives a fresh nonce for it, so it is 3-D Secured like
 * a new one; PLACE_ORDER names the card by its reference. A card the vault no longer lists cannot
 * pay (spec 2 §6). When the store's rules ask for the card's security code again, the shopper types
 * it into a field of the gateway's, whose CVV-only nonce goes with the order.
 */
function SavedCardAction({ method, payment, gateway, refused, checkout, loadLimitMs }: ActionProps & Pick<MethodProps<never>, 'checkout' | 'loadLimitMs'>) {
  const { notify } = useAppUi();
  const code = useSavedCardCode({ gateway, method, asked: checkout.saved_card_cvv_required === true, loadLimitMs });
  const tokenize = async () => {
    // The code is checked first, as the card form checks its fields, so nothing is asked of the gateway without it.
    if (!code.check()) return null;
    payment.track();
    const match = vaultedCardFor(await gateway.vaultedPaymentMethods(), method);
    if (!match) {
      notify(ErrorCatalogue.SAVED_CARD_INVALID.code);
      refused(ErrorCatalogue.SAVED_CARD_INVALID.code);
      return null;
    }
    const cvvToken = await code.tokenize();
    return { nonce: match.nonce, bin: match.details.bin ?? method.card?.bin ?? '', saved: { reference: method.reference, ...(cvvToken ? { cvvToken } : {}) } };
  };
  const pay = () =>
    void payment
      .payByCard(tokenize, false, code.explain)
      .then((refusal) => {
        refused(refusal);
        code.afterRefusal(refusal);
      });
  return (
    <>
      {code.element}
      <Button busy={payment.busy || code.pending} disabled={code.failed} onClick={pay}>
        Pay with saved card
      </Button>
    </>
  );
}

/**
 * A saved PayPal account: no PayPal window, the server charges the account it keeps. A payer who
 * withdrew the pre-approval at PayPal is offered 'Confirm with PayPal' on this same account.
 */
function SavedPayPalAction({ method, payment, gateway, refused, instances }: ActionProps & { readonly instances: MethodInstances }) {
  const consent = useVaultInitiatedCheckout({ checkout: payPalCheckoutIn(instances), gateway, payment, account: method });
  const pay = () =>
    void payment.payWithSaved(method.reference).then((code) => {
      refused(code);
      consent.afterRefusal(code);
    });
  return (
    <>
      <Button busy={payment.busy} onClick={pay}>
        Pay with saved PayPal account
      </Button>
      {consent.element}
    </>
  );
}

/** A saved Venmo account: no QR code, no app switch; the server charges the account it keeps. */
function SavedVenmoAction({ method, payment, refused }: ActionProps) {
  const name = method.account_name ?? '';
  return (
    <Button busy={payment.busy} onClick={() => void payment.payWithSaved(method.reference).then(refused)}>
      Pay with your saved Venmo ({name.startsWith('@') ? name : `@${name}`})
    </Button>
  );
}

/**
 * A saved bank account: no bank details, no mandate window (its mandate covers later orders); the
 * debit then waits for the bank like any other.
 */
function SavedBankAccountAction({ method, payment, refused }: ActionProps) {
  const note = useId();
  return (
    <>
      <p id={note}>Bank debits take a few days to settle.</p>
      <Button busy={payment.busy} aria-describedby={note} onClick={() => void payment.payWithSaved(method.reference).then(refused)}>
        Pay from your saved account ending {method.bank?.last4 ?? ''}
      </Button>
    </>
  );
}

/**
 * The customer's saved payment methods (ours: several of each kind), in the order the server gives,
 * the default first: each that can pay this basket is a radio, the default (else the first usable)
 * chosen; an expired one, or one the gateway no longer has, is listed but cannot be chosen. The
 * chosen one's own button pays.
 */
function SavedMethodsPayment({ checkout, gateway, chosen, payment, instances, loadLimitMs }: MethodProps<never>) {
  const [choice, setChoice] = useState<string | null>(null);
  // A refusal that took the chosen method out of the list: focus goes to the one chosen in its place.
  const [focusWanted, setFocusWanted] = useState(0);
  const group = useRef<HTMLFieldSetElement>(null);
  const shown = shownSavedMethods(checkout, payment.savedRefusals);
  const current = chosenSavedMethod(shown, choice);

  useEffect(() => {
    if (focusWanted > 0) group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [focusWanted]);

  if (!chosen || !current) return null;
  const method = current.method;
  const refused = (code: number | null) => {
    const refusal = refusalOf(code);
    if (!refusal) return;
    payment.refuseSaved(method.reference, refusal);
    setFocusWanted((count) => count + 1);
  };
  const paying = payment.as(method.kind);
  const action = { method, payment: paying, gateway, refused };
  return (
    <div className="checkout-saved-methods" data-testid="saved-methods">
      <fieldset ref={group} className="choice-group">
        <legend>Choose a saved payment method</legend>
        {shown.map((entry) => (
          <label key={entry.method.reference} className="choice">
            <input
              type="radio"
              name="saved-method"
              value={entry.method.reference}
              checked={entry.method.reference === method.reference}
              disabled={!entry.usable}
              onChange={() => setChoice(entry.method.reference)}
            />
            <span>
              {savedMethodLabel(entry.method)}
              {entry.reason && <span className="field__hint"> – {entry.reason}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {/* Keyed by the method: a prompt one method raised (PayPal's consent) is not another's. */}
      {method.kind === 'card' ? (
        <SavedCardAction key={method.reference} {...action} checkout={checkout} loadLimitMs={loadLimitMs} />
      ) : method.kind === 'paypal' ? (
        <SavedPayPalAction key={method.reference} {...action} instances={instances} />
      ) : method.kind === 'venmo' ? (
        <SavedVenmoAction key={method.reference} {...action} />
      ) : (
        <SavedBankAccountAction key={method.reference} {...action} />
      )}
    </div>
  );
}

/**
 * The saved payment methods: first (spec 2 §2's saved card, now every saved method), and offered
 * only while one of them can pay (spec 2 §6). The server lists only those that fit this basket.
 */
export const savedMethodsMethod = defineMethod<never, never>({
  key: 'saved-card',
  offered: ({ checkout, savedRefusals }) => anySavedMethodUsable(shownSavedMethods(checkout, savedRefusals)),
  Component: SavedMethodsPayment,
});
