import { bundlePath } from './bundles';

/**
 * The hidden page braintree-web's payment-request module loads from
 * `{assetsUrl}/web/{version}/html/payment-request-frame[.min].html#{channel}`. The provider's page is
 * not published, so this one is ours: it only loads our frame script, which speaks the module's
 * frame protocol and calls the browser's PaymentRequest from inside the frame, as the provider's does
 * (src/browser/payment-request-frame.ts).
 */
export const PAYMENT_REQUEST_FRAME_PATH = /^\/web\/[^/]+\/html\/payment-request-frame(\.min)?\.html$/;

export const paymentRequestFramePage = () => `<!doctype html>
<!--
  Ours, not the provider's: the payment sandbox's stand-in for Braintree's payment request frame.
-->
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Payment request (payment sandbox)</title>
    <script src="${bundlePath('payment-request-frame')}" defer></script>
  </head>
  <body></body>
</html>
`;
