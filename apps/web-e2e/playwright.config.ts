import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The real store (built API serving the built web app) on a throwaway embedded PostgreSQL,
// driven in Debian's Chromium. No browser is downloaded.
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
/** The local SMTP server's message list, for tests that read the mail the store sent. */
export const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1);
/** The main store's demo back-office staff (support, finance, admin), written by tools/start.mjs --staff-file. */
export const staffFile = join(tmpdir(), `store-e2e-staff-${port}.json`);
/**
 * A second store configured the other way round for the paths the defaults never take: no gateway
 * for dollar orders (the payment-unavailable notice), an analytics tag to load after consent, and a
 * short drop-in mount limit with a sandbox of its own (whose drop-in hang control is global).
 */
export const configuredPort = port + 2;
/** The card gateway sandboxes of the two stores, on known ports so tests can route the provider's hostnames to them. */
export const sandboxPort = port + 4;
export const configuredSandboxPort = port + 5;
/** The Digital River sandboxes of the two stores (merchant of record), on known ports so tests can use their controls. */
export const drSandboxPort = port + 6;
export const configuredDrSandboxPort = port + 7;
/**
 * The store as a deployment runs it: nginx on this port balancing over two API instances on one
 * database (tools/test/start-two-instances.mjs), with the main store's payment sandboxes; its control
 * port stops and starts an instance (rolling-restart.spec.ts). E2E_TWO_INSTANCES=0 leaves it out
 * (npm test does so when nginx is missing, and counts that as a failure).
 */
export const twoInstancesPort = port + 8;
export const twoInstancesControlPort = port + 9;
const twoInstances = process.env.E2E_TWO_INSTANCES !== '0';
/** The journeys run a second time through the balancer: card with 3-D Secure, PayPal, the merchant of record. */
const JOURNEYS_THROUGH_BALANCER = [/card-payments\.spec\.ts/, /paypal-flows\.spec\.ts/, /merchant-of-record\.spec\.ts/];
/** Ours: in the 'configured' store the drop-in may take 3 s to mount (25 s by default), so its give-up test is quick. */
export const CONFIGURED_MOUNT_TIMEOUT_MS = 3000;
/** Ours: in the 'configured' store a payment provider's code may take 8 s to load (120 s by default), so its give-up tests are quick. */
export const CONFIGURED_SCRIPT_LOAD_TIMEOUT_MS = 8000;
export const ANALYTICS_TAG = 'https://tags.example.com/tag.js';
/**
 * The tests name the card sandbox's default account (sandbox_merchant, store_GBP…), so a sandbox
 * account configured in the shell (BRAINTREE_SANDBOX_*, for npm start) is not passed on: empty is unset.
 */
const DEFAULT_SANDBOX_ACCOUNT = {
  BRAINTREE_SANDBOX_MERCHANT_ID: '',
  BRAINTREE_SANDBOX_PUBLIC_KEY: '',
  BRAINTREE_SANDBOX_PRIVATE_KEY: '',
  BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: '',
  BRAINTREE_SANDBOX_DEFAULT_MERCHANT_ACCOUNT: '',
  BRAINTREE_SANDBOX_CVV_REJECT_ON: '',
  BRAINTREE_SANDBOX_AVS_POSTAL_CODE_REJECT_ON: '',
  BRAINTREE_SANDBOX_AVS_STREET_ADDRESS_REJECT_ON: '',
  BRAINTREE_SANDBOX_FRAUD_TOOLS: '',
};
/** Where the main store's API appends its JSON logs (LOG_FILE), so card-data.spec.ts can read them. */
export const API_LOG_FILE = join(tmpdir(), `store-e2e-api-${port}.log`);

export default defineConfig({
  testDir: './src',
  // Screenshots kept with the tests (spec: the shell, the cookie notice and the checkout at 360 and 1280 px).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  outputDir: '../../test-results/web-e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } },
  reporter: [['list'], ['json', { outputFile: '../../reports/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: [/configured(-[a-z-]+)?\.spec\.ts/, /src\/sandbox\//, /two-instances\.spec\.ts/, /rolling-restart\.spec\.ts/] },
    // The payment sandbox's browser half against the real braintree-web; it starts its own sandbox.
    { name: 'sandbox-contract', use: { browserName: 'chromium' }, testMatch: /src\/sandbox\/.*\.contract\.spec\.ts/ },
    { name: 'configured', use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${configuredPort}` }, testMatch: /configured(-[a-z-]+)?\.spec\.ts/ },
    ...(twoInstances
      ? [
          {
            name: 'two-instances',
            use: { browserName: 'chromium' as const, baseURL: `http://127.0.0.1:${twoInstancesPort}` },
            testMatch: [...JOURNEYS_THROUGH_BALANCER, /two-instances\.spec\.ts/],
            // Left out: tests that name the configured store themselves (they ran in 'chromium'), and ones
            // whose checks stay in the browser (the card and drop-in fields, a PayPal call the page aborts).
            grepInvert: /against the configured store|an Amex asks for its CID|drop-in errors: card field errors|PayPal cannot be reached/,
          },
          // After the journeys, alone on its store: an instance is stopped and started mid-journey.
          {
            name: 'two-instances-restart',
            dependencies: ['two-instances'],
            use: { browserName: 'chromium' as const, baseURL: `http://127.0.0.1:${twoInstancesPort}` },
            testMatch: /rolling-restart\.spec\.ts/,
          },
        ]
      : []),
  ],
  // E2E_NO_STORE=1 starts no store, for the projects that need none (sandbox-contract).
  webServer: process.env.E2E_NO_STORE === '1' ? [] : [
    {
      command: `node tools/start.mjs --ephemeral --no-build --port ${port} --mail-port ${mailPort} --sandbox-port ${sandboxPort} --dr-sandbox-port ${drSandboxPort} --staff-file ${staffFile}`,
      cwd: '../..',
      url: `${baseURL}/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        ...DEFAULT_SANDBOX_ACCOUNT,
        // Dollars (the default rule) and German and Mexican billing addresses pay the merchant of record; the rest the card gateway.
        PAYMENT_GATEWAY_RULES: 'DE=digital-river,MX=digital-river,USD=digital-river,*=braintree',
        LOG_FILE: API_LOG_FILE,
      },
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `node tools/start.mjs --ephemeral --no-build --port ${configuredPort} --mail-port ${configuredPort + 1} --sandbox-port ${configuredSandboxPort} --dr-sandbox-port ${configuredDrSandboxPort}`,
      cwd: '../..',
      url: `http://127.0.0.1:${configuredPort}/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        ...DEFAULT_SANDBOX_ACCOUNT,
        // French billing addresses pay the merchant of record, whose drop-in may take only 3 s to mount; other euro baskets
        // the card gateway (German billing there offers pay upon invoice), and so does US billing (the US bank account);
        // dollars billed elsewhere have no gateway.
        PAYMENT_GATEWAY_RULES: 'FR=digital-river,GBP=braintree,EUR=braintree,US=braintree',
        DIGITAL_RIVER_MOUNT_TIMEOUT_MS: String(CONFIGURED_MOUNT_TIMEOUT_MS),
        SCRIPT_LOAD_TIMEOUT_MS: String(CONFIGURED_SCRIPT_LOAD_TIMEOUT_MS),
        // A wallet turned off for UK shoppers (spec 2 §6), and its sandbox says the shopper prefers PayPal.
        BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES: 'GB',
        // Masterpass, retired by Mastercard and off by default, switched on here for its tests (masterpass.spec.ts).
        BRAINTREE_MASTERPASS: 'true',
        // Visa Checkout, retired by Visa and off by default, switched on here for its tests (visa-checkout.spec.ts).
        BRAINTREE_VISA_CHECKOUT: 'true',
        // UnionPay's SMS enrollment, off by default, switched on here for its tests (configured-unionpay.spec.ts).
        BRAINTREE_UNIONPAY: 'true',
        // PayPal through braintree-web's classic paypal module, deprecated and off by default, here for its tests
        // (paypal-classic.spec.ts): for euro baskets only, so that pounds and dollars keep PayPal's buttons (Pay Later, Credit).
        BRAINTREE_PAYPAL_CLASSIC: 'true',
        BRAINTREE_PAYPAL_CLASSIC_CURRENCIES: 'EUR',
        // PayPal Credit's button for US billing in dollars, off by default (configured-paypal-credit.spec.ts).
        BRAINTREE_PAYPAL_CREDIT: 'true',
        // A saved card's security code asked again at the checkout, off by default (configured-saved-card-cvv.spec.ts).
        BRAINTREE_SAVED_CARD_CVV: 'true',
        ANALYTICS_SCRIPTS: `<script async src="${ANALYTICS_TAG}"></script>`,
        ANALYTICS_SCRIPT_ORIGINS: new URL(ANALYTICS_TAG).origin,
      },
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    // Last: it uses the main store's payment sandboxes, started above.
    ...(twoInstances
      ? [
          {
            command: `node tools/test/start-two-instances.mjs --port ${twoInstancesPort} --control-port ${twoInstancesControlPort} --sandbox-port ${sandboxPort} --dr-sandbox-port ${drSandboxPort}`,
            cwd: '../..',
            url: `http://127.0.0.1:${twoInstancesPort}/health/ready`,
            timeout: 120_000,
            reuseExistingServer: false,
            env: {
              ...DEFAULT_SANDBOX_ACCOUNT,
              // As the main store: the same journeys run against it.
              PAYMENT_GATEWAY_RULES: 'DE=digital-river,MX=digital-river,USD=digital-river,*=braintree',
            },
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
          },
        ]
      : []),
  ],
});
