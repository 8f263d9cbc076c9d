import type braintree from 'braintree';

/**
 * Reading SDK objects where the SDK's type definitions fall short of what it returns: `graphQLId`
 * on every resource, `verification` on a failed save, `on()` returning a list.
 */

export interface SdkError {
  readonly code: string;
  readonly attribute: string;
  readonly message: string;
}

type Result = { readonly errors?: braintree.ValidationErrorsCollection };

/** The errors on `attribute` (camelCase) under the nested resources `path`, as the SDK's `.for(…).on(…)` gives them. */
export function errorsOn(result: Result, path: readonly string[], attribute: string): SdkError[] {
  let collection: braintree.ValidationErrorsCollection | undefined = result.errors;
  for (const name of path) collection = collection?.for(name);
  const found = collection?.on(attribute) as unknown;
  return Array.isArray(found) ? (found as SdkError[]) : [];
}

/** The first error's code on an attribute, or null. */
export const codeOn = (result: Result, path: readonly string[], attribute: string): string | null => errorsOn(result, path, attribute)[0]?.code ?? null;

/** A resource's `graphQLId` (the gateway's `global-id`). */
export const graphQLIdOf = (resource: unknown): unknown => (resource as { graphQLId?: unknown }).graphQLId;

/** The verification a failed save or verification answers with. */
export const verificationOf = (result: unknown): Record<string, unknown> | undefined => (result as { verification?: Record<string, unknown> }).verification;

/** A request the SDK's type definitions do not describe (they lag behind its signatures). */
export const request = <T>(value: Record<string, unknown>): T => value as unknown as T;

type TextCriterion = { is(value: string): void };

/** The SDK's `creditCardVerification` gateway, which its type definitions leave out. */
export interface VerificationGateway {
  create(params: Record<string, unknown>): Promise<{ readonly success: boolean; readonly message?: string; readonly errors?: braintree.ValidationErrorsCollection; readonly verification?: Record<string, unknown> }>;
  find(id: string): Promise<Record<string, unknown>>;
  search(build: (search: Record<string, () => TextCriterion>) => void, callback: (error: unknown, response: { readonly ids: string[] }) => void): void;
}

export const verificationGateway = (gateway: braintree.BraintreeGateway): VerificationGateway => gateway.creditCardVerification as unknown as VerificationGateway;

/** The ids a verification search matches (the SDK's callback form gives them all at once). */
export function searchVerificationIds(gateway: braintree.BraintreeGateway, build: (search: Record<string, () => TextCriterion>) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    verificationGateway(gateway).search(build, (error, response) => (error ? reject(error) : resolve(response.ids)));
  });
}

/** The SDK's `creditCard.fromNonce`, which its type definitions leave out. */
export const creditCardFromNonce = (gateway: braintree.BraintreeGateway, nonce: string): Promise<braintree.CreditCard> =>
  (gateway.creditCard as unknown as { fromNonce(nonce: string): Promise<braintree.CreditCard> }).fromNonce(nonce);
