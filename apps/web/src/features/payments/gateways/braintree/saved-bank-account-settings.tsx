import type { SavedBankAccountJson } from '@store/domain';
import { Button } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useAppUi } from '../../../../lib/app-ui';
import { fetchSavedBankAccounts, removeSavedBankAccount } from './api';
import { savedAccountDescription } from './methods/saved-bank-account/saved-bank-account.method';

const QUERY_KEY = ['saved-bank-accounts'];

/**
 * The saved bank accounts in account/details/ (SEPA accounts with a recurring mandate, verified
 * US bank accounts), each removable; after a removal the heading takes the focus and the removal
 * is announced, as for the saved card.
 */
export function SavedBankAccountSettings() {
  const queryClient = useQueryClient();
  const { notifyError } = useAppUi();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: () => fetchSavedBankAccounts().then((answer) => answer.saved_bank_accounts) });
  const remove = useMutation({
    mutationFn: (account: SavedBankAccountJson) => removeSavedBankAccount(account.reference),
    onSuccess: (_answer, account) => {
      queryClient.setQueryData(QUERY_KEY, (kept: readonly SavedBankAccountJson[] | undefined) => (kept ?? []).filter((other) => other.reference !== account.reference));
      setAnnouncement(`Your saved bank account ending ${account.last4} has been removed.`);
      heading.current?.focus();
    },
    onError: notifyError,
  });
  const accounts = query.data ?? [];
  return (
    <section aria-labelledby={titleId} className="account-section">
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Saved bank accounts
      </h2>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : accounts.length > 0 ? (
        <ul className="saved-bank-accounts">
          {accounts.map((account) => (
            <li key={account.reference} data-testid="account-saved-bank-account">
              <p>{savedAccountDescription(account)}</p>
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables?.reference === account.reference}
                onClick={() => remove.mutate(account)}
                aria-label={`Remove saved bank account ending ${account.last4}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no saved bank account. You can save one when you pay by SEPA Direct Debit or from a US bank account.</p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
