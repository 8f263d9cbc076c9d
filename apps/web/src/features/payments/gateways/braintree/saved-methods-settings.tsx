import type { SavedMethodJson, SavedMethodsJson } from '@store/domain';
import { Button } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppUi } from '../../../../lib/app-ui';
import { fetchSavedMethods, makeSavedMethodDefault, removeSavedMethod } from './api';
import { PayPalVaultButton } from './paypal-vault-button';
import {
  addedAnnouncement,
  addedPayPal,
  canMakeDefault,
  madeDefaultAnnouncement,
  removedAnnouncement,
  SAVED_METHODS_QUERY_KEY,
  stateNote,
} from './saved-methods-list';

interface Change {
  readonly action: 'remove' | 'make-default';
  readonly method: SavedMethodJson;
}

/** Where the focus goes once the list shows a change: the heading (the item is gone) or an item. */
type FocusTarget = { readonly to: 'heading' } | { readonly to: 'item'; readonly reference: string };

/**
 * 'Saved payment methods' in account/details/: every card and account the customer saved when
 * paying (or added here with PayPal's vault flow), the default first. Each can be made the default
 * or removed; the list then shows the server's answer, the change is announced and the focus moves
 * to what the shopper would look at next. A refusal leaves the list as it was.
 */
export function SavedMethodsSettings() {
  const queryClient = useQueryClient();
  const { notifyError } = useAppUi();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  // An object, so that each change renders again even when its words are those of the last one.
  const [announcement, setAnnouncement] = useState({ text: '' });
  // Where the focus goes once the list on the screen is the given answer (an added item exists only then).
  const pendingFocus = useRef<{ readonly target: FocusTarget; readonly shown: unknown } | null>(null);
  const query = useQuery({ queryKey: SAVED_METHODS_QUERY_KEY, queryFn: fetchSavedMethods });

  const show = (answer: SavedMethodsJson, text: string, target: FocusTarget) => {
    queryClient.setQueryData(SAVED_METHODS_QUERY_KEY, answer);
    pendingFocus.current = { target, shown: queryClient.getQueryData(SAVED_METHODS_QUERY_KEY) };
    setAnnouncement({ text });
  };

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || query.data !== pending.shown) return;
    pendingFocus.current = null;
    const item = pending.target.to === 'item' ? items.current.get(pending.target.reference) : undefined;
    (item ?? heading.current)?.focus();
  });

  const change = useMutation({
    mutationFn: ({ action, method }: Change) => (action === 'remove' ? removeSavedMethod(method.reference) : makeSavedMethodDefault(method.reference)),
    onSuccess: (answer, { action, method }) =>
      action === 'remove'
        ? show(answer, removedAnnouncement(method, answer), { to: 'heading' })
        : show(answer, madeDefaultAnnouncement(method), { to: 'item', reference: method.reference }),
    onError: notifyError,
  });

  const added = (answer: SavedMethodsJson) => {
    const method = addedPayPal(queryClient.getQueryData<SavedMethodsJson>(SAVED_METHODS_QUERY_KEY), answer);
    show(answer, addedAnnouncement(method), method ? { to: 'item', reference: method.reference } : { to: 'heading' });
  };

  const methods = query.data?.saved_methods ?? [];
  return (
    <section aria-labelledby={titleId} className="account-section saved-methods">
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Saved payment methods
      </h2>
      {query.isPending ? (
        <p role="status">Loading your saved payment methods…</p>
      ) : query.isError ? (
        <p role="alert" className="notice notice--error">
          {query.error.message}
        </p>
      ) : methods.length === 0 ? (
        <p className="empty-state">
          You have no saved payment methods. To save a card or account for your next orders, tick the box to save it when you pay.
        </p>
      ) : (
        <ul className="saved-methods__list">
          {methods.map((method) => (
            <SavedMethodItem
              key={method.reference}
              method={method}
              itemRef={(element) => {
                if (element) items.current.set(method.reference, element);
                else items.current.delete(method.reference);
              }}
              working={change.isPending ? (change.variables.method.reference === method.reference ? change.variables.action : 'other') : null}
              onChange={(action) => {
                if (!change.isPending) change.mutate({ action, method });
              }}
            />
          ))}
        </ul>
      )}
      {query.data?.can_add_paypal && <PayPalVaultButton onSaved={added} />}
      <p role="status" className="visually-hidden">
        {announcement.text}
      </p>
    </section>
  );
}

interface SavedMethodItemProps {
  readonly method: SavedMethodJson;
  readonly itemRef: (element: HTMLLIElement | null) => void;
  /** The change under way: on this method (its button is busy), on another one (this one waits), or none. */
  readonly working: Change['action'] | 'other' | null;
  readonly onChange: (action: Change['action']) => void;
}

function SavedMethodItem({ method, itemRef, working, onChange }: SavedMethodItemProps) {
  const descriptionId = useId();
  const note = stateNote(method);
  // One change at a time: each answer is the whole list, so a second one sent meanwhile could be overtaken by the first.
  const waiting = working !== null;
  return (
    <li ref={itemRef} aria-labelledby={descriptionId} tabIndex={-1} className="saved-method" data-state={method.state}>
      <p className="saved-method__name">
        <span id={descriptionId}>{method.description}</span>
        {method.is_default && (
          <>
            {' '}
            <span className="saved-method__default">Default</span>
          </>
        )}
      </p>
      {note && <p className="saved-method__note">{note}</p>}
      <div className="saved-method__actions">
        {canMakeDefault(method) && (
          <Button
            variant="secondary"
            busy={working === 'make-default'}
            disabled={waiting && working !== 'make-default'}
            aria-label={`Make default ${method.description}`}
            onClick={() => onChange('make-default')}
          >
            Make default
          </Button>
        )}
        <Button
          variant="secondary"
          busy={working === 'remove'}
          disabled={waiting && working !== 'remove'}
          aria-label={`Remove ${method.description}`}
          onClick={() => onChange('remove')}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
