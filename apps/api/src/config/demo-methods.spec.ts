import {
  CARD_GATEWAY,
  determineGateway,
  methodAvailable,
  methodsOf,
  parseGatewayRules,
  STORE_FEATURES,
  SUPPORTED_LOCALES,
  type PaymentMethodDescriptor,
  type StoreFeature,
} from '@store/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './app-config';

// README's table of which ways to pay the demo store (`npm start`) offers on each storefront is
// worked out here from the same rules the store runs on: the default gateway rules, the flags
// tools/start.mjs switches on (tools/lib/sandbox-account.mjs), and each method's availability rule. When a rule, a flag or a method
// changes, this fails and prints the table README should now hold.

const ROOT = join(__dirname, '..', '..', '..', '..');
const README = join(ROOT, 'README.md');
const START = join(ROOT, 'tools', 'lib', 'sandbox-account.mjs');
const BEGIN = '<!-- demo-methods:begin -->';
const END = '<!-- demo-methods:end -->';

/** The store features `npm start` switches on for its local sandbox: `BRAINTREE_X: env.BRAINTREE_X ?? 'true'`. */
function demoFeatures(): StoreFeature[] {
  const start = readFileSync(START, 'utf8');
  const named = [...start.matchAll(/BRAINTREE_(\w+): env\.BRAINTREE_\1 \?\? 'true'/g)].map((match) => match[1].toLowerCase().replaceAll('_', '-'));
  return STORE_FEATURES.filter((feature) => named.includes(feature));
}

/** The storefronts, each with the billing countries worth a row: its own, and in Europe the countries with local methods. */
const ROWS: readonly { readonly storefront: string; readonly countries: readonly string[] }[] = [
  { storefront: 'en-gb', countries: ['GB'] },
  { storefront: 'en-us', countries: ['US'] },
  { storefront: 'en-eu', countries: ['DE', 'PT', 'IT', 'FR'] },
  { storefront: 'en-pl', countries: ['PL'] },
];

const label = (method: PaymentMethodDescriptor): string => (method.availability.capability ? `${method.label} (where the browser can)` : method.label);

function methodsFor(rules: string, storefront: string, country: string, features: readonly StoreFeature[]): string {
  const locale = SUPPORTED_LOCALES.find((item) => item.urlFriendly === storefront);
  if (!locale) throw new Error(`No storefront ${storefront}`);
  const parsed = parseGatewayRules(rules);
  if (!parsed.ok) throw parsed.error;
  const gateway = determineGateway(parsed.value, { billingCountry: country, currency: locale.currency, orderIsComplimentary: false });
  if (gateway !== CARD_GATEWAY.key) return gateway === null ? 'payment unavailable' : "the merchant of record's drop-in (its own cards and wallets)";
  return methodsOf(CARD_GATEWAY.key)
    .filter((method) => methodAvailable(method, { billingCountry: country, currency: locale.currency, flags: features }))
    .map(label)
    .join(', ');
}

/** The table README should hold, under the default rules and with US billing sent to the card gateway. */
function expectedTable(): string {
  const rules = loadConfig({ DATABASE_URL: 'postgres://demo@localhost/demo' }).PAYMENT_GATEWAY_RULES;
  const usToCard = `US=braintree,${rules}`;
  const features = demoFeatures();
  const lines = [
    `| Storefront | Billed to | Offered under \`npm start\` (\`PAYMENT_GATEWAY_RULES=${rules}\`) | With \`PAYMENT_GATEWAY_RULES=${usToCard}\` |`,
    '|---|---|---|---|',
  ];
  for (const row of ROWS) {
    for (const country of row.countries) {
      const now = methodsFor(rules, row.storefront, country, features);
      const other = methodsFor(usToCard, row.storefront, country, features);
      lines.push(`| \`/${row.storefront}/\` | ${country} | ${now} | ${other === now ? 'the same' : other} |`);
    }
  }
  return lines.join('\n');
}

describe("README's table of the ways to pay the demo store offers", () => {
  it('reads the flags npm start switches on from the sandbox settings it hands the store', () => {
    // PayPal, the local methods and Venmo are among them, and the retired networks are not.
    expect(demoFeatures()).toEqual(expect.arrayContaining(['paypal', 'local-payments', 'venmo', 'sepa', 'us-bank-account']));
    expect(demoFeatures()).not.toContain('masterpass');
  });

  it('matches what the store offers under its rules and flags', () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(BEGIN);
    const end = readme.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const table = readme.slice(start + BEGIN.length, end).trim();
    // On a mismatch the expected side is the table to paste between the two markers.
    expect(table).toBe(expectedTable());
  });
});
