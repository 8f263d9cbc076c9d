import { createHash, createPublicKey } from 'node:crypto';
import { generate } from 'selfsigned';

/**
 * The provider's hostnames a browser must reach the sandbox under: braintree-web only accepts its
 * own domains in the gateway configuration, and loads the data collector and analytics from theirs.
 * The wallets add theirs: PayPal's JS SDK (www.paypal.com, or www.sandbox.paypal.com with env
 * sandbox), PayPal's dispatch frame (checkout.paypal.com, the configuration's paypal.assetsUrl) and
 * Google Pay's pay.js (pay.google.com). Apple Pay needs none: its stand-in makes no request.
 */
export const routedHosts: readonly string[] = [
  'api.sandbox.braintreegateway.com',
  'assets.braintreegateway.com',
  'payments.sandbox.braintree-api.com',
  'origin-analytics-sand.sandbox.braintree-api.com',
  'c.paypal.com',
  'www.paypal.com',
  'b.stats.paypal.com',
  'www.sandbox.paypal.com',
  'checkout.paypal.com',
  'pay.google.com',
  // Venmo's app switch on phones (venmo.com/braintree/checkout, /go/checkout): the sandbox plays the app.
  'venmo.com',
  // Visa Checkout's sdk.js and lightbox (the sandbox's stand-ins: Visa retired it for Click to Pay).
  'sandbox-assets.secure.checkout.visa.com',
  'sandbox.secure.checkout.visa.com',
];

export interface SandboxCertificate {
  readonly cert: string;
  readonly key: string;
  /** base64 sha256 of the public key, for Chromium's --ignore-certificate-errors-spki-list. */
  readonly spkiSha256Base64: string;
}

export function spkiSha256Base64(certificatePem: string): string {
  const spki = createPublicKey(certificatePem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** A fresh self-signed certificate for the routed hosts (EC keys: generated in milliseconds). */
export async function generateCertificate(): Promise<SandboxCertificate> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'Braintree sandbox (local)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...[...routedHosts, 'localhost'].map((value) => ({ type: 2 as const, value })), { type: 7 as const, ip: '127.0.0.1' }],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private, spkiSha256Base64: spkiSha256Base64(pems.cert) };
}
