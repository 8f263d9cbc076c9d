import { ErrorCatalogue, offersSavedCard, savedCardLabel } from '@store/domain';
import { Button } from '@store/ui';
import { useAppUi } from '../../../../../../lib/app-ui';
import { defineMethod, type MethodProps } from '../../method';

/** The saved card as dots, its type and last digits (spec 2 §2), and paying with it. */
function SavedCardPayment({ checkout, gateway, chosen, payment }: MethodProps<never>) {
  const { notify } = useAppUi();
  const savedCard = checkout.existing_card;

  /** The vault gives a fresh nonce for the saved card, so it can be 3-D Secured like a new one. */
  const tokenize = async () => {
    payment.track();
    const vaulted = await gateway.vaultedPaymentMethods();
    const match = vaulted.find((method) => method.type === 'CreditCard' && method.details.bin === checkout.existing_card_bin && method.details.lastFour === savedCard?.last4);
    if (!match) {
      payment.refuseSavedCard();
      notify(ErrorCatalogue.SAVED_CARD_INVALID.code);
      return null;
    }
    return { nonce: match.nonce, bin: match.details.bin ?? checkout.existing_card_bin ?? '' };
  };

  if (!chosen || !savedCard) return null;
  return (
    <>
      <p className="saved-card" data-testid="saved-card">
        {savedCardLabel(savedCard.card_type, savedCard.last4)}
      </p>
      <Button busy={payment.busy} onClick={() => void payment.payByCard(tokenize, false)}>
        Pay with saved card
      </Button>
    </>
  );
}

/** The saved card: first, and only while paying with it can work (spec 2 §6). */
export const savedCardMethod = defineMethod<never, never>({
  key: 'saved-card',
  offered: ({ checkout, lastResponseCode }) =>
    offersSavedCard({
      savedCard: checkout.existing_card_token && checkout.existing_card ? { token: checkout.existing_card_token, expired: checkout.existing_card.expired } : null,
      lastResponseCode,
    }),
  Component: SavedCardPayment,
});
