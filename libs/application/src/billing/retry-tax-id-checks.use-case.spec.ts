import { aBillingAddress, FixedClock, InMemoryBilling, SequentialIds, TableTaxIdChecker } from '../testing';
import type { TaxIdEvidence } from './billing.ports';
import { TAX_ID_RETRY_MS } from './check-tax-id.use-case';
import { RetryTaxIdChecks } from './retry-tax-id-checks.use-case';

const start = new Date('2026-11-22T12:00:00Z');

function unverified(id: string, taxId: string, customerId = 'customer-1'): TaxIdEvidence {
  return {
    id,
    customerId,
    country: 'DE',
    taxId,
    postalCode: '10115',
    result: 'unverified',
    service: 'vies',
    reference: null,
    checkedAt: start,
    retryAfter: new Date(start.getTime() + TAX_ID_RETRY_MS),
  };
}

async function setUp(verdicts: ConstructorParameters<typeof TableTaxIdChecker>[0] = {}) {
  const billing = new InMemoryBilling();
  const checker = new TableTaxIdChecker(verdicts);
  const clock = new FixedClock(start);
  await billing.save('customer-1', aBillingAddress({ country: 'DE', postalCode: '10115', vatId: 'DE111111111', vatIdStatus: 'unverified' }));
  await billing.recordCheck(unverified('old-1', 'DE111111111'));
  return { billing, checker, clock, retry: new RetryTaxIdChecks(checker, billing, clock, new SequentialIds('check')) };
}

describe('RetryTaxIdChecks', () => {
  it('leaves a check alone until it is due', async () => {
    const { retry, checker } = await setUp();
    expect(await retry.execute()).toBe(0);
    expect(checker.asked).toHaveLength(0);
  });

  it('settles a due check with a valid answer and marks the address valid', async () => {
    const { retry, billing, clock } = await setUp();
    clock.advance(TAX_ID_RETRY_MS);
    expect(await retry.execute()).toBe(1);
    expect(billing.checks.map((check) => [check.id, check.result, check.settled])).toEqual([
      ['old-1', 'unverified', true],
      ['check-1', 'valid', false],
    ]);
    expect((await billing.find('customer-1'))?.vatIdStatus).toBe('valid');
    // Settled: a later run has nothing to do.
    clock.advance(2 * TAX_ID_RETRY_MS);
    expect(await retry.execute()).toBe(0);
  });

  it('records a refusal without undoing the order: the address stays unverified', async () => {
    const { retry, billing, clock } = await setUp({ DE111111111: 'invalid' });
    clock.advance(TAX_ID_RETRY_MS);
    expect(await retry.execute()).toBe(1);
    expect(billing.checks[1].result).toBe('invalid');
    expect((await billing.find('customer-1'))?.vatIdStatus).toBe('unverified');
  });

  it('keeps a check queued, an hour on, while the register still cannot say', async () => {
    const { retry, billing, checker, clock } = await setUp();
    checker.down = true;
    clock.advance(TAX_ID_RETRY_MS);
    expect(await retry.execute()).toBe(0);
    expect(billing.checks).toHaveLength(1);
    expect(billing.checks[0].retryAfter).toEqual(new Date(clock.now().getTime() + TAX_ID_RETRY_MS));
    // A second instance running at once finds it claimed.
    expect(await retry.execute()).toBe(0);
    expect(checker.asked).toHaveLength(1);
  });

  it('takes at most the limit per run, oldest first', async () => {
    const { retry, billing, checker, clock } = await setUp();
    await billing.recordCheck({ ...unverified('old-2', 'DE222222222'), retryAfter: new Date(start.getTime() + TAX_ID_RETRY_MS + 1) });
    clock.advance(TAX_ID_RETRY_MS + 1);
    expect(await retry.execute(1)).toBe(1);
    expect(checker.asked.map((asked) => asked.taxId)).toEqual(['DE111111111']);
  });
});
