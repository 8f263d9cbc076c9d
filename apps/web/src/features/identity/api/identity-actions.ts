import type { BasketJson, CustomerJson } from '@store/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const preregisterEmail = (email: string) => api.action<{ email: string }>('PREREGISTER_EMAIL', { email });
export const unregisterEmail = (email: string) => api.action<Record<string, never>>('UNREGISTER_EMAIL', { email });

export interface CreateCustomerInput {
  readonly basketReference?: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
  readonly country: string;
  readonly marketingSignUp: boolean;
  readonly accountName: string | null;
  readonly customerCategory: string;
  readonly termsAndConditions: boolean;
}

export const createCustomer = (input: CreateCustomerInput) =>
  api.action<{ customer: CustomerJson; basket: BasketJson | null }>('CREATE_CUSTOMER', input);

export const signOut = () => api.action<{ customer: null }>('SIGN_OUT');

/** After any change of who is signed in, the session (customer, preferences, basket) is read again. */
export function useIdentityMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }) });
}

export const updateCustomerCategory = (input: { basketReference?: string; accountName: string | null; customerCategory: string }) =>
  api.action<{ customer: CustomerJson }>('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', input);

export const setMarketing = (hash: string, optIn: boolean) => api.action<{ marketing_opt_in: boolean }>(optIn ? 'OPT_IN_ALL' : 'OPT_OUT_ALL', { hash });
