import type { BasketChangeJson, BasketJson, SessionJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { useAppUi } from '../../../lib/app-ui';
import { BasketEditQueue, type BasketEdit, type EditOutcome, type SendEdit } from '../basket-edit-queue';

const sendEdit: SendEdit = (edit, basket) => {
  const { action, ...payload } = edit;
  return api.action<BasketChangeJson>(action, { basketReference: basket.reference, basketStaleHash: basket.staleHash, ...payload });
};

export interface BasketEditor {
  /** The basket as the shopper should see it: saved, with unsaved edits applied. */
  readonly basket: BasketJson;
  /** Edits are waiting for the server; totals are not final. */
  readonly pending: boolean;
  readonly submit: (edit: BasketEdit) => Promise<EditOutcome>;
}

/**
 * The checkout's basket edits (spec 2 §7): shown at once, sent in order through the queue, saved
 * baskets written back to the session so every section sees them, refusals rolled back with their
 * snackbar message. A refused discount code is left to the discount box, which shows it by the field.
 * The caller keys its component by basket reference, so one queue serves one basket.
 */
export function useBasketEditor(basket: BasketJson): BasketEditor {
  const queryClient = useQueryClient();
  const { notifyError } = useAppUi();
  const [shown, setShown] = useState<{ basket: BasketJson; pending: boolean }>({ basket, pending: false });
  const [queue] = useState(
    () =>
      new BasketEditQueue(basket, sendEdit, {
        display: (next, pending) => setShown({ basket: next, pending }),
        saved: (change) => {
          // A session read still on its way began before this save: it would put the older basket back.
          void queryClient.cancelQueries({ queryKey: ['session'] });
          // Any basket change voids the payment set up for it (spec 2 §4): the gateway is chosen again.
          queryClient.setQueryData<SessionJson>(['session'], (session) => (session ? { ...session, basket: change.basket, payment_gateway: null } : session));
        },
        failed: (error, edit) => {
          // A refused code is shown by its own field (a discount or a voucher box), not the snackbar.
          const byField = (edit.action === 'APPLY_DISCOUNT_CODE' || edit.action === 'APPLY_VOUCHER_CODE') && error instanceof ApiError && error.status === 422;
          if (!byField) notifyError(error);
          // The session is read again: the basket may have moved on, and a read cancelled when the edit
          // was made is made good.
          void queryClient.invalidateQueries({ queryKey: ['session'] });
        },
      }),
  );

  const submit = useCallback(
    (edit: BasketEdit) => {
      // A basket read since the last edit (a refetch) is the one the next edit starts from.
      queue.replace(basket);
      // Our optimistic edit is what the shopper sees; a session read begun before it would undo it on arrival.
      void queryClient.cancelQueries({ queryKey: ['session'] });
      return queue.submit(edit);
    },
    [queue, basket, queryClient],
  );
  // A basket read from the session outside the queue (a refetch) is shown once nothing is unsaved.
  // The queue's own answers are shown at once, without waiting for the session query to catch up,
  // so the page never flashes back to the basket from before an edit.
  const [seen, setSeen] = useState(basket);
  if (seen !== basket) {
    setSeen(basket);
    if (!queue.busy) setShown({ basket, pending: false });
  }
  return { basket: shown.basket, pending: shown.pending, submit };
}
