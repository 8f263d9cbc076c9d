import { savedCardLabel } from '@store/domain';
import { Button } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useCheckoutUi } from '../../checkout/checkout-ui';
import { fetchSavedCard, removeSavedCard } from '../api/card-checkout';

/** The saved card in account/details/ (spec 2 §6, issue 9): what it is, and removing it. */
export function SavedCardSettings() {
  const queryClient = useQueryClient();
  const { notifyError } = useCheckoutUi();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const card = useQuery({ queryKey: ['saved-card'], queryFn: fetchSavedCard });
  const remove = useMutation({
    mutationFn: removeSavedCard,
    onSuccess: () => {
      queryClient.setQueryData(['saved-card'], { saved_card: null });
      setAnnouncement('Your saved card has been removed.');
      heading.current?.focus();
    },
    onError: notifyError,
  });
  const saved = card.data?.saved_card ?? null;
  return (
    <section aria-labelledby="saved-card-title" className="account-section">
      <h2 id="saved-card-title" ref={heading} tabIndex={-1}>
        Saved card
      </h2>
      {card.isPending ? (
        <p role="status">Loading…</p>
      ) : saved ? (
        <>
          <p data-testid="account-saved-card">
            {savedCardLabel(saved.card_type, saved.last4)}, expires {String(saved.expiration_month).padStart(2, '0')}/{saved.expiration_year}
            {saved.expired ? ' (expired)' : !saved.usable ? ' (can no longer be used)' : ''}
          </p>
          <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
            Remove saved card
          </Button>
        </>
      ) : (
        <p>You have no saved card. You can save one when you pay by card.</p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
