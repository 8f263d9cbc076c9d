import type { BasketJson, SessionJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';

export const makePrimaryBasket = (reference: string) => api.post<BasketJson>('/data/basket/primary/', { reference });

/**
 * Spec 1 §4: when a signed-in customer has exactly one candidate basket on mount, it becomes the
 * primary basket and the candidates are reset. Our choice: only while the current basket is missing
 * or empty, so a basket just filled on this device is never swapped for an older one.
 */
export function useAdoptCandidateBasket(session: SessionJson | undefined): void {
  const queryClient = useQueryClient();
  const tried = useRef<string | null>(null);
  const candidate = session && session.customer && session.candidate_baskets.length === 1 ? session.candidate_baskets[0] : null;
  const currentIsEmpty = !session?.basket || session.basket.lines.length === 0;
  useEffect(() => {
    if (!candidate || !currentIsEmpty || tried.current === candidate) return;
    tried.current = candidate;
    makePrimaryBasket(candidate)
      .then((basket) => {
        queryClient.setQueryData<SessionJson>(['session'], (current) => (current ? { ...current, basket, candidate_baskets: [] } : current));
      })
      .catch(() => void queryClient.invalidateQueries({ queryKey: ['session'] }));
  }, [candidate, currentIsEmpty, queryClient]);
}
