import { DEFAULT_CONFIG, type SandboxConfig } from './context';

/**
 * The sandbox's account, as a real account's control panel sets it: the merchant id, the API key
 * pair, the merchant accounts (each with its currency, one of them the default), and the account's
 * fraud settings (its AVS and CVV rules, whether its fraud tools are on). It comes from the command
 * line, the environment, the state file and the defaults, in that order of precedence, field by
 * field; the state file then keeps what was used, so a restarted sandbox has the same one.
 */
export type AccountKeys = Pick<SandboxConfig, 'merchantId' | 'publicKey' | 'privateKey' | 'merchantAccounts' | 'defaultMerchantAccountId'>;
export type AccountRules = Pick<SandboxConfig, 'cvvRejectOn' | 'avsPostalCodeRejectOn' | 'avsStreetAddressRejectOn' | 'fraudTools'>;
export type SandboxAccount = AccountKeys & AccountRules;

const ACCOUNT_FIELDS = [
  'merchantId',
  'publicKey',
  'privateKey',
  'merchantAccounts',
  'defaultMerchantAccountId',
  'cvvRejectOn',
  'avsPostalCodeRejectOn',
  'avsStreetAddressRejectOn',
  'fraudTools',
] as const satisfies readonly (keyof SandboxAccount)[];

/** Where a part of the account may come from; a source names only what it sets. */
export type AccountSource = Partial<SandboxAccount>;

export const ACCOUNT_ENVIRONMENT = {
  merchantId: 'BRAINTREE_SANDBOX_MERCHANT_ID',
  publicKey: 'BRAINTREE_SANDBOX_PUBLIC_KEY',
  privateKey: 'BRAINTREE_SANDBOX_PRIVATE_KEY',
  merchantAccounts: 'BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS',
  defaultMerchantAccountId: 'BRAINTREE_SANDBOX_DEFAULT_MERCHANT_ACCOUNT',
  cvvRejectOn: 'BRAINTREE_SANDBOX_CVV_REJECT_ON',
  avsPostalCodeRejectOn: 'BRAINTREE_SANDBOX_AVS_POSTAL_CODE_REJECT_ON',
  avsStreetAddressRejectOn: 'BRAINTREE_SANDBOX_AVS_STREET_ADDRESS_REJECT_ON',
  fraudTools: 'BRAINTREE_SANDBOX_FRAUD_TOOLS',
} as const;

/**
 * The response codes the provider reports (its AvsCvvResponseCode: M matches, N does not match, U
 * not verified, I not provided, S issuer does not take part, A not applicable, B bypassed; E, an
 * AVS system error, for addresses only), so the only ones a rule can name.
 */
export const CVV_RULE_CODES: readonly string[] = ['M', 'N', 'U', 'I', 'S', 'A', 'B'];
export const AVS_RULE_CODES: readonly string[] = ['M', 'N', 'U', 'I', 'S', 'A', 'B', 'E'];

/**
 * A rule's response codes as a flag or variable spells them: `N,U` (any case); empty or `none`
 * rejects on nothing. Checked against the provider's codes later, with the rest of the account.
 */
export function parseResponseCodes(raw: string): string[] {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'none') return [];
  return [...new Set(trimmed.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean))];
}

/** `on` or `off`, as the control panel's switch for the account's fraud tools. */
export function parseSwitch(raw: string, where: string): boolean {
  const value = raw.trim().toLowerCase();
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new AccountConfigurationError(`${where} needs on or off, not "${raw}"`);
}

/** The provider's own id alphabet (the server SDK refuses path segments outside it). */
const ID = /^[A-Za-z0-9_-]+$/;

/** ISO 4217 codes as this Node knows them; the provider's accounts settle in one of these. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export class AccountConfigurationError extends Error {}

/**
 * `ID=CUR` pairs (from repeated flags, or one comma-separated variable) as id -> currency, in order.
 * `where` names the source in the messages.
 */
export function parseMerchantAccounts(pairs: readonly string[], where: string): Record<string, string> {
  const accounts: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(pair);
    if (!match) throw new AccountConfigurationError(`${where}: "${pair}" is not ID=CURRENCY (e.g. store_GBP=GBP)`);
    const [, id, currency] = match;
    if (Object.hasOwn(accounts, id)) throw new AccountConfigurationError(`${where}: merchant account ${id} is named twice`);
    accounts[id] = currency;
  }
  if (Object.keys(accounts).length === 0) throw new AccountConfigurationError(`${where}: names no merchant account`);
  return accounts;
}

/** The account's parts the environment sets (the BRAINTREE_SANDBOX_* variables); empty ones count as unset. */
export function accountFromEnvironment(environment: Readonly<Record<string, string | undefined>>): AccountSource {
  const read = (name: string) => {
    const value = environment[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const accounts = read(ACCOUNT_ENVIRONMENT.merchantAccounts);
  const source: { -readonly [K in keyof SandboxAccount]?: SandboxAccount[K] } = {};
  const merchantId = read(ACCOUNT_ENVIRONMENT.merchantId);
  const publicKey = read(ACCOUNT_ENVIRONMENT.publicKey);
  const privateKey = read(ACCOUNT_ENVIRONMENT.privateKey);
  const defaultMerchantAccountId = read(ACCOUNT_ENVIRONMENT.defaultMerchantAccountId);
  for (const key of ['cvvRejectOn', 'avsPostalCodeRejectOn', 'avsStreetAddressRejectOn'] as const) {
    const codes = read(ACCOUNT_ENVIRONMENT[key]);
    if (codes !== undefined) source[key] = parseResponseCodes(codes);
  }
  const fraudTools = read(ACCOUNT_ENVIRONMENT.fraudTools);
  if (fraudTools !== undefined) source.fraudTools = parseSwitch(fraudTools, ACCOUNT_ENVIRONMENT.fraudTools);
  if (merchantId !== undefined) source.merchantId = merchantId;
  if (publicKey !== undefined) source.publicKey = publicKey;
  if (privateKey !== undefined) source.privateKey = privateKey;
  if (accounts !== undefined) source.merchantAccounts = parseMerchantAccounts(accounts.split(','), ACCOUNT_ENVIRONMENT.merchantAccounts);
  if (defaultMerchantAccountId !== undefined) source.defaultMerchantAccountId = defaultMerchantAccountId;
  return source;
}

/** Only the account's fields of a partial configuration (what `startBraintreeSandbox({config})` was given). */
export function accountPart(config: Partial<SandboxConfig> | undefined): AccountSource {
  if (!config) return {};
  return Object.fromEntries(ACCOUNT_FIELDS.filter((key) => config[key] !== undefined).map((key) => [key, config[key]])) as AccountSource;
}

/**
 * The account from its sources, highest precedence first, each field from the first source that
 * sets it. The default merchant account is taken only from the source of the merchant accounts or
 * a higher one: accounts given anew drop a default an older source (the state file) named, and the
 * first of them is then the default.
 */
export interface NamedAccountSource {
  /** Said in a validation message: `the command line`, `the environment`, `the state file …`. */
  readonly name: string;
  readonly account: AccountSource;
}

export function resolveAccount(sources: readonly NamedAccountSource[]): { readonly account: SandboxAccount; readonly sources: Readonly<Record<keyof SandboxAccount, string>> } {
  const all = [...sources, { name: 'the defaults', account: accountPart(DEFAULT_CONFIG) }];
  const pick = <K extends keyof SandboxAccount>(key: K, within = all.length) => {
    const index = all.slice(0, within).findIndex((source) => source.account[key] !== undefined);
    return index < 0 ? null : { value: all[index].account[key] as SandboxAccount[K], index, name: all[index].name };
  };
  const merchantId = pick('merchantId');
  const publicKey = pick('publicKey');
  const privateKey = pick('privateKey');
  const merchantAccounts = pick('merchantAccounts');
  const cvvRejectOn = pick('cvvRejectOn');
  const avsPostalCodeRejectOn = pick('avsPostalCodeRejectOn');
  const avsStreetAddressRejectOn = pick('avsStreetAddressRejectOn');
  const fraudTools = pick('fraudTools');
  if (!merchantId || !publicKey || !privateKey || !merchantAccounts || !cvvRejectOn || !avsPostalCodeRejectOn || !avsStreetAddressRejectOn || !fraudTools) {
    throw new AccountConfigurationError('the defaults name no account');
  }
  const named = pick('defaultMerchantAccountId', merchantAccounts.index + 1);
  const account: SandboxAccount = {
    merchantId: merchantId.value,
    publicKey: publicKey.value,
    privateKey: privateKey.value,
    merchantAccounts: merchantAccounts.value,
    defaultMerchantAccountId: named?.value ?? Object.keys(merchantAccounts.value)[0] ?? null,
    cvvRejectOn: cvvRejectOn.value,
    avsPostalCodeRejectOn: avsPostalCodeRejectOn.value,
    avsStreetAddressRejectOn: avsStreetAddressRejectOn.value,
    fraudTools: fraudTools.value,
  };
  const origins = {
    merchantId: merchantId.name,
    publicKey: publicKey.name,
    privateKey: privateKey.name,
    merchantAccounts: merchantAccounts.name,
    defaultMerchantAccountId: named?.name ?? merchantAccounts.name,
    cvvRejectOn: cvvRejectOn.name,
    avsPostalCodeRejectOn: avsPostalCodeRejectOn.name,
    avsStreetAddressRejectOn: avsStreetAddressRejectOn.name,
    fraudTools: fraudTools.name,
  };
  validateAccount(account, origins);
  return { account, sources: origins };
}

/** Refuses an account a real control panel would not have, saying what is wrong and where it came from. */
export function validateAccount(account: SandboxAccount, sources: Partial<Record<keyof SandboxAccount, string>> = {}): void {
  const from = (key: keyof SandboxAccount) => (sources[key] ? ` (from ${sources[key]})` : '');
  const problems: string[] = [];
  for (const key of ['merchantId', 'publicKey', 'privateKey'] as const) {
    const value = account[key];
    const label = { merchantId: 'the merchant id', publicKey: 'the public key', privateKey: 'the private key' }[key];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${label} is empty${from(key)}`);
    else if (!ID.test(value)) problems.push(`${label} "${value}" may hold only letters, digits, _ and -${from(key)}`);
  }
  const accounts = account.merchantAccounts;
  const ids = Object.keys(accounts ?? {});
  if (ids.length === 0) problems.push(`there is no merchant account${from('merchantAccounts')}`);
  for (const id of ids) {
    if (!ID.test(id)) problems.push(`merchant account id "${id}" may hold only letters, digits, _ and -${from('merchantAccounts')}`);
    const currency = accounts[id];
    if (typeof currency !== 'string' || !CURRENCIES.has(currency)) problems.push(`merchant account ${id} has an unknown currency code "${String(currency)}" (an ISO 4217 code such as GBP)${from('merchantAccounts')}`);
  }
  const named = account.defaultMerchantAccountId;
  if (named !== null && ids.length > 0 && !ids.includes(named)) {
    problems.push(`the default merchant account ${named}${from('defaultMerchantAccountId')} is not among the merchant accounts (${ids.join(', ')})`);
  }
  const rules = [
    ['cvvRejectOn', 'the CVV rules', CVV_RULE_CODES],
    ['avsPostalCodeRejectOn', 'the AVS postal code rules', AVS_RULE_CODES],
    ['avsStreetAddressRejectOn', 'the AVS street address rules', AVS_RULE_CODES],
  ] as const;
  for (const [key, label, known] of rules) {
    const codes: unknown = account[key];
    if (!Array.isArray(codes)) {
      problems.push(`${label} must be a list of response codes${from(key)}`);
      continue;
    }
    const unknown = codes.filter((code) => typeof code !== 'string' || !known.includes(code));
    if (unknown.length > 0) problems.push(`${label} name ${unknown.map((code) => `"${String(code)}"`).join(', ')}, not among the provider's response codes (${known.join(' ')})${from(key)}`);
  }
  if (typeof account.fraudTools !== 'boolean') problems.push(`the fraud tools must be on or off (true or false)${from('fraudTools')}`);
  if (problems.length > 0) throw new AccountConfigurationError(`the sandbox's account is not valid: ${problems.join('; ')}`);
}

/** What the state file keeps of the account (the whole of it, as resolved). */
export const storedAccount = (account: SandboxAccount): SandboxAccount => ({
  merchantId: account.merchantId,
  publicKey: account.publicKey,
  privateKey: account.privateKey,
  merchantAccounts: { ...account.merchantAccounts },
  defaultMerchantAccountId: account.defaultMerchantAccountId,
  cvvRejectOn: [...account.cvvRejectOn],
  avsPostalCodeRejectOn: [...account.avsPostalCodeRejectOn],
  avsStreetAddressRejectOn: [...account.avsStreetAddressRejectOn],
  fraudTools: account.fraudTools,
});
