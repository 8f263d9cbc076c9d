import { savedCardLabel } from '@store/domain';
import { Button } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useAppUi } from '../../../../lib/app-ui';
import { fetchSavedCard, fetchSavedPayPal, fetchSavedVenmo, removeSavedCard, removeSavedPayPal, removeSavedVenmo, type AccountSavedPayPalJson } from './api';
import { PayPalVaultButton } from './paypal-vault-button';
import { SavedBankAccountSettings } from './saved-bank-account-settings';

interface SavedMethodProps<T> {
  readonly title: string;
  readonly queryKey: string;
  readonly fetch: () => Promise<T | null>;
  readonly remove: () => Promise<unknown>;
  readonly describe: (saved: T) => ReactNode;
  readonly testId: string;
  readonly removeLabel: string;
  readonly removed: string;
  readonly empty: string;
  /** A way to add one here (PayPal's vault flow), told what to do once it is saved. */
  readonly Add?: ComponentType<{ readonly onAdded: (method: T, announcement: string) => void }>;
  /** Whether the store offers adding one here: `fetch`'s answer says, so it is known with it. */
  readonly canAdd?: () => boolean;
  /** Shown only while there is one (or just after removing it): a method most shoppers never meet. */
  readonly onlyWhenSaved?: boolean;
}

/** One saved payment method in account/details/: what it is, and removing it (focus and an announcement after). */
function SavedMethodSettings<T>(props: SavedMethodProps<T>) {
  const queryClient = useQueryClient();
  const { notifyError } = useAppUi();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const query = useQuery({ queryKey: [props.queryKey], queryFn: props.fetch });
  const remove = useMutation({
    mutationFn: props.remove,
    onSuccess: () => {
      queryClient.setQueryData([props.queryKey], null);
      setAnnouncement(props.removed);
      heading.current?.focus();
    },
    onError: notifyError,
  });
  const saved = query.data ?? null;
  if (props.onlyWhenSaved && !saved && announcement === '') return null;
  return (
    <section aria-labelledby={titleId} className="account-section">
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {props.title}
      </h2>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : saved ? (
        <>
          <p data-testid={props.testId}>{props.describe(saved)}</p>
          <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
            {props.removeLabel}
          </Button>
        </>
      ) : (
        <p>{props.empty}</p>
      )}
      {props.Add && !query.isPending && (props.canAdd?.() ?? true) && (
        <props.Add
          onAdded={(method, message) => {
            queryClient.setQueryData([props.queryKey], method);
            setAnnouncement(message);
            heading.current?.focus();
          }}
        />
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}

/** PayPal's vault flow under the saved PayPal account: saving one without paying. */
function AddPayPalAccount({ onAdded }: { readonly onAdded: (account: AccountSavedPayPalJson, announcement: string) => void }) {
  return <PayPalVaultButton onSaved={(account) => onAdded(account, `Your PayPal account ${account.email} has been saved.`)} />;
}

/** The saved card (spec 2 §6) and the saved PayPal account in account/details/. */
export function SavedCardSettings() {
  // One request answers both what is saved and whether adding one is offered: a store without
  // PayPal's vault shows no 'Add a PayPal account' button that could only refuse.
  const payPalOffered = useRef(false);
  return (
    <>
      <SavedMethodSettings
        title="Saved card"
        queryKey="saved-card"
        fetch={() => fetchSavedCard().then((answer) => answer.saved_card)}
        remove={removeSavedCard}
        describe={(card) => (
          <>
            {savedCardLabel(card.card_type, card.last4)}, expires {String(card.expiration_month).padStart(2, '0')}/{card.expiration_year}
            {card.expired ? ' (expired)' : !card.usable ? ' (can no longer be used)' : ''}
          </>
        )}
        testId="account-saved-card"
        removeLabel="Remove saved card"
        removed="Your saved card has been removed."
        empty="You have no saved card. You can save one when you pay by card."
      />
      <SavedMethodSettings
        title="Saved PayPal account"
        queryKey="saved-paypal"
        fetch={() =>
          fetchSavedPayPal().then((answer) => {
            payPalOffered.current = answer.can_add;
            return answer.saved_paypal_account;
          })
        }
        canAdd={() => payPalOffered.current}
        remove={removeSavedPayPal}
        describe={(account) => (
          <>
            PayPal, {account.email}
            {!account.usable ? ' (can no longer be used)' : ''}
          </>
        )}
        testId="account-saved-paypal"
        removeLabel="Remove saved PayPal account"
        removed="Your saved PayPal account has been removed."
        empty="You have no saved PayPal account. You can save one when you pay with PayPal."
        Add={AddPayPalAccount}
      />
      <SavedMethodSettings
        title="Saved Venmo account"
        queryKey="saved-venmo"
        fetch={() => fetchSavedVenmo().then((answer) => answer.saved_venmo_account)}
        remove={removeSavedVenmo}
        describe={(account) => (
          <>
            Venmo, {account.username}
            {!account.usable ? ' (can no longer be used)' : ''}
          </>
        )}
        testId="account-saved-venmo"
        removeLabel="Remove saved Venmo account"
        removed="Your saved Venmo account has been removed."
        empty="You have no saved Venmo account."
        onlyWhenSaved
      />
      <SavedBankAccountSettings />
    </>
  );
}
