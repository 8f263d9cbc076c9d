/** Types for braintree-web's payment-request constants, which the frame reads so its event names are the SDK's own. */
declare module 'braintree-web/payment-request/shared/constants' {
  const constants: {
    readonly events: Readonly<Record<
      | 'CAN_MAKE_PAYMENT'
      | 'FRAME_READY'
      | 'FRAME_CAN_MAKE_REQUESTS'
      | 'PAYMENT_REQUEST_INITIALIZED'
      | 'SHIPPING_ADDRESS_CHANGE'
      | 'UPDATE_SHIPPING_ADDRESS'
      | 'SHIPPING_OPTION_CHANGE'
      | 'UPDATE_SHIPPING_OPTION',
      string
    >>;
    readonly SUPPORTED_METHODS: Readonly<Record<string, true>>;
  };
  export = constants;
}
