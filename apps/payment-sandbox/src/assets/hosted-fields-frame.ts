import { bundlePath } from './bundles';

/**
 * The page braintree-web loads into each card field iframe, from
 * `{assetsUrl}/web/{version}/html/hosted-fields-frame[.min].html#{channel}`. The provider's page is
 * not published, so this one is ours: it only loads our frame script, which speaks braintree-web's
 * frame protocol (src/browser/hosted-fields-frame.ts).
 */
export const HOSTED_FIELDS_FRAME_PATH = /^\/web\/[^/]+\/html\/hosted-fields-frame(\.min)?\.html$/;

export const hostedFieldsFramePage = () => `<!doctype html>
<!--
  Ours, not the provider's: the payment sandbox's stand-in for Braintree's Hosted Fields card frame.
  The card input and its protocol come from the sandbox's own script below.
-->
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Card field (payment sandbox)</title>
    <script src="${bundlePath('hosted-fields-frame')}" defer></script>
  </head>
  <body></body>
</html>
`;
