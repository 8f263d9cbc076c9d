import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The sandbox's browser scripts, each one self-contained IIFE (they load as classic scripts: the
 * card frame page, Songbird's stand-in via braintree-web's script loader, the challenge page, the
 * wallets' stand-ins: PayPal's SDK, Google Pay's pay.js, and ApplePaySession for tests).
 * Vite builds one IIFE per run, so SANDBOX_BROWSER_ENTRY picks the entry (tools/lib/build.mjs
 * runs them all).
 */
const BROWSER_ENTRIES = {
  'hosted-fields-frame': "Ours: the payment sandbox's stand-in for Braintree's Hosted Fields frame script.",
  songbird: "Ours: the payment sandbox's stand-in for Cardinal's Songbird script (window.Cardinal).",
  'three-d-secure-challenge': "Ours: the payment sandbox's 3-D Secure challenge page script.",
  'paypal-sdk': "Ours, not PayPal's: the payment sandbox's stand-in for the PayPal JS SDK (window.paypal).",
  'google-pay': "Ours, not Google's: the payment sandbox's stand-in for Google Pay's pay.js (google.payments.api).",
  'apple-pay-session': "Ours, not Apple's: the payment sandbox's stand-in for Safari's ApplePaySession, for tests.",
  'frame-service': "Ours, not the provider's: the payment sandbox's stand-in for braintree-web's dispatch frame and the local payment and SEPA redirect frames.",
  'venmo-desktop-frame': "Ours, not the provider's: the payment sandbox's stand-in for braintree-web's Venmo desktop (QR code) frame.",
  'payment-request-frame': "Ours, not the provider's: the payment sandbox's stand-in for braintree-web's payment request frame script.",
  'unionpay-hosted-fields-frame': "Ours, not the provider's: the payment sandbox's stand-in for braintree-web's UnionPay Hosted Fields frame script.",
  'digital-river': "Ours, not Digital River's: the payment sandbox's stand-in for DigitalRiver.js (window.DigitalRiver).",
} as const;

/** Entries kept in a folder of their own: src/browser/NAME/index.ts. */
const FOLDER_ENTRIES: ReadonlySet<string> = new Set(['digital-river']);

type Entry = keyof typeof BROWSER_ENTRIES;

const entry = (process.env.SANDBOX_BROWSER_ENTRY ?? 'hosted-fields-frame') as Entry;
if (!(entry in BROWSER_ENTRIES)) throw new Error(`SANDBOX_BROWSER_ENTRY must be one of ${Object.keys(BROWSER_ENTRIES).join(', ')}`);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist/browser',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL(FOLDER_ENTRIES.has(entry) ? `src/browser/${entry}/index.ts` : `src/browser/${entry}.ts`, import.meta.url)),
      formats: ['iife'],
      name: `paymentSandbox_${entry.replace(/-/g, '_')}`,
      fileName: () => `${entry}.js`,
    },
    rolldownOptions: { output: { postBanner: `/* ${BROWSER_ENTRIES[entry]} */` } },
  },
});
