import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountFromEnvironment } from '../account';
import { listeningAccount, parseArguments } from '../cli';
import { DEFAULT_CONFIG, startBraintreeSandbox } from '../index';
import { gatewayFor } from '../sdk-client';
import { startFromCommandLine, useTemporaryDirectory } from './suite';
import { CONTRACT_TIMEOUT_MS, describeSandboxOnly } from './target';

/**
 * The sandbox's account as a real account's control panel sets it (ours: the provider's is set in
 * its control panel): merchant id, key pair, merchant accounts with their currencies and the default
 * one, from flags, the environment (BRAINTREE_SANDBOX_*), the state file and the defaults, in that
 * order; checked at start; and a sandbox with other keys refuses the default ones.
 */

jest.setTimeout(CONTRACT_TIMEOUT_MS);

const DEFAULT_KEYS = { merchantId: DEFAULT_CONFIG.merchantId, publicKey: DEFAULT_CONFIG.publicKey, privateKey: DEFAULT_CONFIG.privateKey };

const directory = useTemporaryDirectory('sandbox-account-');

describeSandboxOnly('the account from the command line', () => {
  it('answers with its own keys and merchant accounts, and refuses the default keys (AuthenticationError)', async () => {
    const sandbox = await startFromCommandLine([
      '--merchant-id', 'shop_42', '--public-key', 'pk_shop', '--private-key=sk_shop',
      '--merchant-account', 'shop_gbp=GBP', '--merchant-account=shop_eur=EUR', '--merchant-account', 'shop_eur_b2b=EUR',
      '--default-merchant-account', 'shop_eur',
    ]);
    try {
      expect(listeningAccount(sandbox.config)).toEqual({
        merchantId: 'shop_42',
        publicKey: 'pk_shop',
        privateKey: 'sk_shop',
        merchantAccounts: { shop_gbp: 'GBP', shop_eur: 'EUR', shop_eur_b2b: 'EUR' },
        defaultMerchantAccountId: 'shop_eur',
      });
      const gateway = gatewayFor(sandbox);
      expect(await gateway.merchantAccount.find('shop_eur')).toMatchObject({ currencyIsoCode: 'EUR', default: true });
      expect(await gateway.merchantAccount.find('shop_gbp')).toMatchObject({ currencyIsoCode: 'GBP', default: false });
      // A sale naming no account is charged to the default one, in its currency.
      const sale = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
      expect(sale.transaction).toMatchObject({ merchantAccountId: 'shop_eur', currencyIsoCode: 'EUR' });
      await expect(gatewayFor(sandbox, DEFAULT_KEYS).customer.create({})).rejects.toMatchObject({ type: 'authenticationError' });
      await expect(gatewayFor(sandbox, { ...DEFAULT_KEYS, merchantId: 'shop_42' }).customer.create({})).rejects.toMatchObject({ type: 'authenticationError' });
      // The client token's URLs name the configured merchant.
      const token = JSON.parse(Buffer.from((await gateway.clientToken.generate({})).clientToken, 'base64').toString('utf8')) as { merchantId: string; clientApiUrl: string };
      expect(token).toMatchObject({ merchantId: 'shop_42', clientApiUrl: 'https://api.sandbox.braintreegateway.com/merchants/shop_42/client_api' });
    } finally {
      await sandbox.close();
    }
  });

  it('takes the first merchant account as the default when none is named', async () => {
    const sandbox = await startFromCommandLine(['--merchant-account', 'only_usd=USD', '--merchant-account', 'also_jpy=JPY']);
    try {
      expect(sandbox.config).toMatchObject({ merchantId: DEFAULT_CONFIG.merchantId, merchantAccounts: { only_usd: 'USD', also_jpy: 'JPY' }, defaultMerchantAccountId: 'only_usd' });
      expect(await gatewayFor(sandbox).merchantAccount.find('only_usd')).toMatchObject({ default: true });
    } finally {
      await sandbox.close();
    }
  });

  it('keeps the defaults when nothing is configured', async () => {
    const sandbox = await startFromCommandLine([]);
    try {
      expect(listeningAccount(sandbox.config)).toEqual({ ...DEFAULT_KEYS, merchantAccounts: DEFAULT_CONFIG.merchantAccounts, defaultMerchantAccountId: 'store_GBP' });
    } finally {
      await sandbox.close();
    }
  });
});

describeSandboxOnly('the account from the environment', () => {
  it('reads BRAINTREE_SANDBOX_* and answers with it', async () => {
    const sandbox = await startFromCommandLine([], {
      BRAINTREE_SANDBOX_MERCHANT_ID: 'env_merchant',
      BRAINTREE_SANDBOX_PUBLIC_KEY: 'env_public',
      BRAINTREE_SANDBOX_PRIVATE_KEY: 'env_private',
      BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: 'env_pln=PLN, env_cad=CAD',
      BRAINTREE_SANDBOX_DEFAULT_MERCHANT_ACCOUNT: 'env_cad',
    });
    try {
      expect(listeningAccount(sandbox.config)).toEqual({ merchantId: 'env_merchant', publicKey: 'env_public', privateKey: 'env_private', merchantAccounts: { env_pln: 'PLN', env_cad: 'CAD' }, defaultMerchantAccountId: 'env_cad' });
      expect((await gatewayFor(sandbox).customer.create({})).success).toBe(true);
      await expect(gatewayFor(sandbox, DEFAULT_KEYS).customer.create({})).rejects.toMatchObject({ type: 'authenticationError' });
    } finally {
      await sandbox.close();
    }
  });

  it('counts an empty variable as unset', () => {
    expect(accountFromEnvironment({ BRAINTREE_SANDBOX_PUBLIC_KEY: '  ', BRAINTREE_SANDBOX_MERCHANT_ID: 'm' })).toEqual({ merchantId: 'm' });
  });

  it('is beaten by the flags, field by field', async () => {
    const sandbox = await startFromCommandLine(['--public-key', 'flag_public', '--merchant-account', 'flag_aud=AUD'], {
      BRAINTREE_SANDBOX_MERCHANT_ID: 'env_merchant',
      BRAINTREE_SANDBOX_PUBLIC_KEY: 'env_public',
      BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: 'env_pln=PLN',
      BRAINTREE_SANDBOX_DEFAULT_MERCHANT_ACCOUNT: 'env_pln',
    });
    try {
      // The environment's default names an account the flags replaced: the flags' first is the default.
      expect(listeningAccount(sandbox.config)).toEqual({ merchantId: 'env_merchant', publicKey: 'flag_public', privateKey: DEFAULT_CONFIG.privateKey, merchantAccounts: { flag_aud: 'AUD' }, defaultMerchantAccountId: 'flag_aud' });
    } finally {
      await sandbox.close();
    }
  });
});

describeSandboxOnly('the account in the state file', () => {
  it('is kept, so a restart without flags has the same account, and a reset keeps it', async () => {
    const stateFile = join(directory(), 'braintree.json');
    const first = await startFromCommandLine(['--state-file', stateFile, '--merchant-id', 'kept_merchant', '--private-key', 'kept_private', '--merchant-account', 'kept_eur=EUR']);
    const customer = await gatewayFor(first).customer.create({ firstName: 'Kept' });
    await first.close();
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).account).toEqual({
      merchantId: 'kept_merchant',
      publicKey: DEFAULT_CONFIG.publicKey,
      privateKey: 'kept_private',
      merchantAccounts: { kept_eur: 'EUR' },
      defaultMerchantAccountId: 'kept_eur',
      // The account's fraud settings are kept with it (account-rules.contract.spec.ts).
      cvvRejectOn: ['N'],
      avsPostalCodeRejectOn: ['N'],
      avsStreetAddressRejectOn: ['N'],
      fraudTools: true,
    });

    const second = await startFromCommandLine(['--state-file', stateFile]);
    try {
      expect(second.config).toMatchObject({ merchantId: 'kept_merchant', privateKey: 'kept_private', merchantAccounts: { kept_eur: 'EUR' } });
      expect(await gatewayFor(second).customer.find(customer.customer.id)).toMatchObject({ firstName: 'Kept' });
      await fetch(`${second.url}/__sandbox/reset`, { method: 'POST' });
      expect(JSON.parse(readFileSync(stateFile, 'utf8')).account).toMatchObject({ merchantId: 'kept_merchant' });
    } finally {
      await second.close();
    }
  });

  it('is beaten by the environment, which is beaten by the flags', async () => {
    const stateFile = join(directory(), 'braintree.json');
    writeFileSync(stateFile, JSON.stringify({ account: { merchantId: 'file_merchant', publicKey: 'file_public', privateKey: 'file_private', merchantAccounts: { file_gbp: 'GBP', file_usd: 'USD' }, defaultMerchantAccountId: 'file_usd' } }));
    const sandbox = await startFromCommandLine(['--state-file', stateFile, '--private-key', 'flag_private'], { BRAINTREE_SANDBOX_PUBLIC_KEY: 'env_public', BRAINTREE_SANDBOX_PRIVATE_KEY: 'env_private' });
    try {
      expect(listeningAccount(sandbox.config)).toEqual({ merchantId: 'file_merchant', publicKey: 'env_public', privateKey: 'flag_private', merchantAccounts: { file_gbp: 'GBP', file_usd: 'USD' }, defaultMerchantAccountId: 'file_usd' });
    } finally {
      await sandbox.close();
    }
    // What was used is kept for the next start.
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).account).toMatchObject({ publicKey: 'env_public', privateKey: 'flag_private' });
  });

  it('is checked like the rest: a hand-edited file with an unknown currency does not start', async () => {
    const stateFile = join(directory(), 'braintree.json');
    writeFileSync(stateFile, JSON.stringify({ account: { merchantId: 'm', publicKey: 'p', privateKey: 's', merchantAccounts: { bad: 'ZZZ' }, defaultMerchantAccountId: 'bad' } }));
    await expect(startFromCommandLine(['--state-file', stateFile])).rejects.toThrow(`merchant account bad has an unknown currency code "ZZZ" (an ISO 4217 code such as GBP) (from the state file ${stateFile})`);
  });
});

describeSandboxOnly('an account that is not valid', () => {
  it('refuses an unknown currency code', async () => {
    await expect(startFromCommandLine(['--merchant-account', 'shop=POUNDS'])).rejects.toThrow('merchant account shop has an unknown currency code "POUNDS" (an ISO 4217 code such as GBP) (from the command line)');
    await expect(startFromCommandLine([], { BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: 'shop=gbp' })).rejects.toThrow('unknown currency code "gbp"');
  });

  it('refuses a default that is not among the accounts', async () => {
    await expect(startFromCommandLine(['--merchant-account', 'a=GBP', '--default-merchant-account', 'b'])).rejects.toThrow(
      'the default merchant account b (from the command line) is not among the merchant accounts (a)',
    );
    await expect(startFromCommandLine(['--default-merchant-account', 'store_XYZ'])).rejects.toThrow('the default merchant account store_XYZ (from the command line) is not among the merchant accounts (store_GBP, store_EUR');
  });

  it('refuses an empty key or merchant id', async () => {
    expect(() => parseArguments(['--public-key', ''])).toThrow('--public-key needs a value');
    expect(() => parseArguments(['--merchant-id='])).toThrow('--merchant-id needs a value');
    await expect(startBraintreeSandbox({ config: { privateKey: ' ' } })).rejects.toThrow('the private key is empty (from the configuration given)');
    await expect(startBraintreeSandbox({ config: { merchantId: 'has space' } })).rejects.toThrow('the merchant id "has space" may hold only letters, digits, _ and -');
  });

  it('refuses a merchant account named twice, or a pair that is not ID=CURRENCY', () => {
    expect(() => parseArguments(['--merchant-account', 'a=GBP', '--merchant-account', 'a=EUR'])).toThrow('--merchant-account: merchant account a is named twice');
    expect(() => accountFromEnvironment({ BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: 'a=GBP,a=GBP' })).toThrow('BRAINTREE_SANDBOX_MERCHANT_ACCOUNTS: merchant account a is named twice');
    expect(() => parseArguments(['--merchant-account', 'GBP'])).toThrow('--merchant-account: "GBP" is not ID=CURRENCY (e.g. store_GBP=GBP)');
    expect(() => parseArguments(['--provider', 'digital-river', '--merchant-id', 'x'])).toThrow('are for the braintree sandbox only');
  });
});
