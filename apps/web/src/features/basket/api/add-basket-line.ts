import type { BasketJson, SessionJson } from '@store/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AddBasketLineInput {
  readonly product_suite_reference: string;
  readonly choice?: string;
  readonly locale: string;
}

export const addBasketLine = (input: AddBasketLineInput) => api.post<BasketJson>('/data/basket/lines/', input);

export function useAddBasketLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBasketLine,
    onSuccess: (basket) => {
      queryClient.setQueryData<SessionJson>(['session'], (session) => (session ? { ...session, basket } : session));
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
