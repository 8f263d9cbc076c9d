/** The shapes braintree-web's Hosted Fields side sends the card frames and expects back. */

export const FIELD_KEYS = ['number', 'cvv', 'expirationDate', 'expirationMonth', 'expirationYear', 'postalCode', 'cardholderName'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

export const isFieldKey = (value: unknown): value is FieldKey => (FIELD_KEYS as readonly unknown[]).includes(value);

/** One field's options from `hostedFields.create({fields})`, minus the container. */
export interface FieldOptions {
  readonly placeholder?: string;
  readonly type?: string;
  readonly maxlength?: number;
  readonly minlength?: number;
  readonly prefill?: string;
  readonly internalLabel?: string;
  readonly maskInput?: boolean | object;
  readonly maxCardLength?: number;
  readonly rejectUnsupportedCards?: boolean;
  readonly supportedCardBrands?: Readonly<Record<string, boolean>>;
}

export type StyleRules = Readonly<Record<string, Readonly<Record<string, string>> | string>>;

/** The merchant configuration the parent page replies to the first frame's FRAME_READY. */
export interface MerchantConfiguration {
  readonly fields: Readonly<Partial<Record<FieldKey, FieldOptions>>>;
  readonly styles?: StyleRules;
}

/** `client.toJSON()`: what the parent replies to READY_FOR_CLIENT. */
export interface ClientConfiguration {
  readonly authorizationFingerprint?: string;
  readonly analyticsMetadata?: Readonly<Record<string, unknown>>;
  readonly gatewayConfiguration: {
    readonly clientApiUrl: string;
    readonly creditCards?: { readonly supportedCardTypes?: readonly string[] };
  };
}

/** A possible card brand as Hosted Fields reports it (`cards` in every event). */
export interface CardBrand {
  readonly type: string;
  readonly niceType: string;
  readonly code: { readonly name: string; readonly size: number };
  readonly supported: boolean;
}

export interface FieldState {
  value: string;
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  isFocused: boolean;
}

/** The error objects the parent turns into BraintreeErrors (type, code and message are required). */
export interface FrameError {
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}

/** What each card frame exposes to the first frame, which runs the form for all of them. */
export interface HostedFieldFrame {
  readonly fieldKey: FieldKey;
  readonly channel: string;
  attach(form: import('./card-form').CardForm): void;
}

declare global {
  interface Window {
    __paymentSandboxHostedField?: HostedFieldFrame;
  }
}
