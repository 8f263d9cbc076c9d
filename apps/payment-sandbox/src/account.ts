import { DEFAULT_CONFIG, type SandboxConfig } from './context';

/**
 * The sandbox's account, as a real account's control panel sets it: the merchant id, the API key
 * pair, and the merchant accounts (each with its currency, one of them the default). It comes from
 * the command line, the environment, the state file and the defaults, in that order of precedence,
 * field by field; the state file then keeps what was used, so a restarted sandbox has the same one.
 */
export type SandboxAccount = Pick<SandboxConfig, 'merchantId' | 'publicKey' | 'privateKey' | 'merchantAccounts' | 'defaultMerchantAccountId'>;

/** Where a part of the account may come from; a source names only what it sets. */
export type AccountSource = Partial<SandboxAccount>;

export const ACCOUNT_ENVIRONMENT = {
  merchantId: 'BRAINTREE_SANDBOX_MERCHANT_ID',
  publicKey: 'BRAINTREE_SANDBOX_PUBLIC_KEY',
  privateKey: 'BRAINTREE_SANDBOX_PRIVATE_KEY',
  merchantAccounts: 'BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS',
  defaultMerchantAccountId: 'BRAINTREE_SANDBOX_DEFAULT_MERCHANT_ACCOUNT',
} as const;

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
  const keys = ['merchantId', 'publicKey', 'privateKey', 'merchantAccounts', 'defaultMerchantAccountId'] as const;
  return Object.fromEntries(keys.filter((key) => config[key] !== undefined).map((key) => [key, config[key]])) as AccountSource;
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
  if (!merchantId || !publicKey || !privateKey || !merchantAccounts) throw new AccountConfigurationError('the defaults name no account');
  const named = pick('defaultMerchantAccountId', merchantAccounts.index + 1);
  const account: SandboxAccount = {
    merchantId: merchantId.value,
    publicKey: publicKey.value,
    privateKey: privateKey.value,
    merchantAccounts: merchantAccounts.value,
    defaultMerchantAccountId: named?.value ?? Object.keys(merchantAccounts.value)[0] ?? null,
  };
  const origins = {
    merchantId: merchantId.name,
    publicKey: publicKey.name,
    privateKey: privateKey.name,
    merchantAccounts: merchantAccounts.name,
    defaultMerchantAccountId: named?.name ?? merchantAccounts.name,
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
  if (problems.length > 0) throw new AccountConfigurationError(`the sandbox's account is not valid: ${problems.join('; ')}`);
}

/** What the state file keeps of the account (the whole of it, as resolved). */
export const storedAccount = (account: SandboxAccount): SandboxAccount => ({
  merchantId: account.merchantId,
  publicKey: account.publicKey,
  privateKey: account.privateKey,
  merchantAccounts: { ...account.merchantAccounts },
  defaultMerchantAccountId: account.defaultMerchantAccountId,
});
