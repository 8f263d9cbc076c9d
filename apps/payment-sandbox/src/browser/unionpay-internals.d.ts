/**
 * Types for the braintree-web files the UnionPay frame uses as they are: the client, the unionpay
 * module's own calls (with a card, as the frame makes them) and its event names.
 */
declare module 'braintree-web/client/client' {
  class Client {
    constructor(configuration: unknown);
  }
  export = Client;
}

declare module 'braintree-web/unionpay/shared/unionpay' {
  interface UnionPayCard {
    readonly number: string;
    readonly expirationMonth?: string;
    readonly expirationYear?: string;
    readonly expirationDate?: string;
    readonly cvv?: string;
  }
  class UnionPay {
    constructor(options: { readonly client: unknown });
    fetchCapabilities(options: { readonly card: UnionPayCard }): Promise<unknown>;
    enroll(options: { readonly card: UnionPayCard; readonly mobile: unknown }): Promise<unknown>;
    tokenize(options: { readonly card: UnionPayCard; readonly enrollmentId?: unknown; readonly smsCode?: unknown }): Promise<unknown>;
  }
  export = UnionPay;
}

declare module 'braintree-web/unionpay/shared/constants' {
  const constants: {
    readonly events: Readonly<Record<'HOSTED_FIELDS_FETCH_CAPABILITIES' | 'HOSTED_FIELDS_ENROLL' | 'HOSTED_FIELDS_TOKENIZE', string>>;
    readonly HOSTED_FIELDS_FRAME_NAME: string;
  };
  export = constants;
}

declare module 'braintree-web/unionpay/shared/errors' {
  const errors: Readonly<Record<'UNIONPAY_HOSTED_FIELDS_INSTANCE_REQUIRED', { readonly type: string; readonly code: string; readonly message: string }>>;
  export = errors;
}

declare module 'braintree-web/lib/constants' {
  const constants: { readonly BUS_CONFIGURATION_REQUEST_EVENT: string };
  export = constants;
}
