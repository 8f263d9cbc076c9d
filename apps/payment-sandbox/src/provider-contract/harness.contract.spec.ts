import { AGAINST_PROVIDER, errorCodes, sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';

/** The suite's own footing: the target answers with the keys it was given and refuses others. */

const { target } = useContractTarget();

it('the target answers the SDK with its keys and names a default merchant account', async () => {
  const customer = await target.gateway.customer.create({ firstName: 'Contract', lastName: 'Harness', id: uniqueId('harness') });
  expect(customer.success).toBe(true);
  expect(target.defaultMerchantAccountId).toEqual(expect.any(String));
  expect(errorCodes(customer)).toEqual([]);
});

sandboxOnly('runs against the local sandbox unless BRAINTREE_CONTRACT_TARGET=provider', () => {
  expect(AGAINST_PROVIDER).toBe(false);
  expect(target.sandbox).not.toBeNull();
  expect(target.merchantAccountFor('EUR')).toBe('store_EUR');
  expect(target.merchantAccountFor('XXX')).toBeNull();
});
