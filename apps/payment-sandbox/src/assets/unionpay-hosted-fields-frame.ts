import { bundlePath } from './bundles';

/**
 * The page braintree-web's unionpay module loads, hidden, when it is given a Hosted Fields instance:
 * `{assetsUrl}/web/{version}/html/unionpay-hosted-fields-frame[.min].html`. The provider's page is not
 * published, so this one is ours: it only loads our script (src/browser/unionpay-hosted-fields-frame.ts).
 */
export const UNIONPAY_HOSTED_FIELDS_FRAME_PATH = /^\/web\/[^/]+\/html\/unionpay-hosted-fields-frame(\.min)?\.html$/;

export const unionPayHostedFieldsFramePage = () => `<!doctype html>
<!-- Ours, not the provider's: the payment sandbox's stand-in for braintree-web's UnionPay Hosted Fields frame. -->
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>UnionPay (payment sandbox)</title>
    <script src="${bundlePath('unionpay-hosted-fields-frame')}" defer></script>
  </head>
  <body></body>
</html>
`;
