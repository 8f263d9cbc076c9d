/**
 * Types for the few braintree-web files the card frame imports so its event names, error codes and
 * messages are the SDK's own (braintree-web ships no types for them).
 */
declare module 'braintree-web/hosted-fields/shared/constants' {
  const constants: {
    readonly VERSION: string;
    readonly events: Readonly<Record<
      | 'ADD_CLASS'
      | 'BIN_AVAILABLE'
      | 'CARD_FORM_ENTRY_HAS_BEGUN'
      | 'CLEAR_FIELD'
      | 'FRAME_READY'
      | 'INPUT_EVENT'
      | 'READY_FOR_CLIENT'
      | 'REMOVE_ATTRIBUTE'
      | 'REMOVE_CLASS'
      | 'SET_ATTRIBUTE'
      | 'SET_MESSAGE'
      | 'TOKENIZATION_REQUEST'
      | 'TRIGGER_INPUT_FOCUS',
      string
    >>;
    readonly externalEvents: Readonly<Record<'FOCUS' | 'BLUR' | 'EMPTY' | 'NOT_EMPTY' | 'VALIDITY_CHANGE' | 'CARD_TYPE_CHANGE', string>>;
    readonly allowedStyles: readonly string[];
    readonly allowedBillingAddressFields: readonly string[];
    readonly allowedAttributes: Readonly<Record<string, 'boolean' | 'string'>>;
    readonly tokenizationErrorCodes: Readonly<Record<string, { readonly type: string; readonly code: string; readonly message: string }>>;
  };
  export = constants;
}

declare module 'braintree-web/hosted-fields/shared/errors' {
  const errors: Readonly<Record<
    | 'HOSTED_FIELDS_FIELDS_EMPTY'
    | 'HOSTED_FIELDS_FIELDS_INVALID'
    | 'HOSTED_FIELDS_FAILED_TOKENIZATION'
    | 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    { readonly type: string; readonly code: string; readonly message: string }
  >>;
  export = errors;
}

declare module 'braintree-web/client/errors' {
  const errors: Readonly<Record<'CLIENT_AUTHORIZATION_INSUFFICIENT', { readonly type: string; readonly code: string; readonly message: string }>>;
  export = errors;
}

declare module 'braintree-web/hosted-fields/shared/get-card-types' {
  /** The card brands a partial number may still be, with Mastercard named "master-card" as in events. */
  function getCardTypes(number: string): { readonly type: string; readonly niceType: string; readonly code: { readonly name: string; readonly size: number } }[];
  export = getCardTypes;
}
