import braintree, { BraintreeGateway } from 'braintree';
import { startBraintreeSandbox } from '../index';
import { gatewayFor } from '../sdk-client';
import { sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';

/**
 * The merchant account read API the SDK has: `merchantAccount.find(id)` and `merchantAccount.all()`
 * (a paginated stream). Each account has its id, its currency, its status (active) and whether it
 * is the account's default one (braintree_node's integration spec reads these three back).
 */

const { target } = useContractTarget();

/** Every account `all()` streams, page after page (the SDK's typings wrongly promise a Promise). */
function allAccounts(gateway: braintree.BraintreeGateway): Promise<braintree.MerchantAccount[]> {
  const stream = gateway.merchantAccount.all() as unknown as NodeJS.ReadableStream;
  return new Promise((resolve, reject) => {
    const accounts: braintree.MerchantAccount[] = [];
    stream.on('data', (account: braintree.MerchantAccount) => accounts.push(account));
    stream.on('end', () => resolve(accounts));
    stream.on('error', reject);
  });
}

it('finds the default merchant account: its currency, active, and the default', async () => {
  const account = await target.gateway.merchantAccount.find(target.defaultMerchantAccountId);
  expect(account).toMatchObject({ id: target.defaultMerchantAccountId, status: 'active', default: true });
  expect(account.currencyIsoCode).toMatch(/^[A-Z]{3}$/);
  expect(target.merchantAccountFor(account.currencyIsoCode)).toBe(target.defaultMerchantAccountId);
});

it('finds another currency\'s account, which is not the default', async () => {
  const euro = target.merchantAccountFor('EUR');
  if (!euro || euro === target.defaultMerchantAccountId) return;
  expect(await target.gateway.merchantAccount.find(euro)).toMatchObject({ id: euro, currencyIsoCode: 'EUR', status: 'active', default: false });
});

it('lists every merchant account, exactly one of them the default', async () => {
  const accounts = await allAccounts(target.gateway);
  expect(accounts.filter((account) => account.default).map((account) => account.id)).toEqual([target.defaultMerchantAccountId]);
  for (const account of accounts) {
    expect(account.status).toBe('active');
    expect(account.currencyIsoCode).toMatch(/^[A-Z]{3}$/);
  }
  const euro = target.merchantAccountFor('EUR');
  if (euro) expect(accounts.find((account) => account.id === euro)).toMatchObject({ currencyIsoCode: 'EUR' });
});

it('answers an unknown merchant account id with NotFoundError', async () => {
  await expect(target.gateway.merchantAccount.find(uniqueId('no_such_account'))).rejects.toMatchObject({ type: 'notFoundError' });
  // The SDK refuses an id outside the provider's alphabet before asking.
  await expect(target.gateway.merchantAccount.find('not an id')).rejects.toMatchObject({ type: 'notFoundError' });
});

sandboxOnly('pages through more accounts than one page holds, in their configured order', async () => {
  const merchantAccounts = Object.fromEntries(Array.from({ length: 45 }, (_, index) => [`account_${String(index).padStart(2, '0')}`, index % 2 ? 'EUR' : 'GBP']));
  const sandbox = await startBraintreeSandbox({ config: { merchantAccounts, defaultMerchantAccountId: 'account_07' } });
  try {
    const accounts = await allAccounts(gatewayFor(sandbox));
    expect(accounts.map((account) => account.id)).toEqual(Object.keys(merchantAccounts));
    expect(accounts.filter((account) => account.default).map((account) => account.id)).toEqual(['account_07']);
    expect(accounts[7]).toMatchObject({ currencyIsoCode: 'EUR', status: 'active' });
  } finally {
    await sandbox.close();
  }
});

/** The target's gateway with some of its keys changed (the SDK keeps them in its config). */
function withKeys(keys: { merchantId?: string; privateKey?: string }): braintree.BraintreeGateway {
  const config = (target.gateway as unknown as { config: { environment: braintree.Environment; merchantId: string; publicKey: string; privateKey: string } }).config;
  return new BraintreeGateway({ environment: config.environment, merchantId: config.merchantId, publicKey: config.publicKey, privateKey: config.privateKey, ...keys });
}

it('refuses another merchant id with the right keys, and wrong keys, alike (AuthenticationError)', async () => {
  // braintree_node's integration spec: a nonexistent merchant id is an authentication error, not a 404.
  await expect(withKeys({ merchantId: 'nonexistantmerchant' }).merchantAccount.find(target.defaultMerchantAccountId)).rejects.toMatchObject({ type: 'authenticationError' });
  await expect(allAccounts(withKeys({ merchantId: 'nonexistantmerchant' }))).rejects.toMatchObject({ type: 'authenticationError' });
  await expect(allAccounts(withKeys({ privateKey: 'wrong_private_key' }))).rejects.toMatchObject({ type: 'authenticationError' });
});
