import { FixedClock, InMemoryBilling, SequentialIds, TableTaxIdChecker } from '../testing';
import { CheckTaxId, TAX_ID_RETRY_MS } from './check-tax-id.use-case';

function setUp(verdicts: ConstructorParameters<typeof TableTaxIdChecker>[0] = {}) {
  const billing = new InMemoryBilling();
  const checker = new TableTaxIdChecker(verdicts);
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  return { billing, checker, clock, check: new CheckTaxId(checker, billing, clock, new SequentialIds('check')) };
}

const command = { customerId: 'customer-1', country: 'de', taxId: 'de 123 456 789', postalCode: '10115' };

describe('CheckTaxId', () => {
  it('asks the register for the normalised number and keeps the answer as evidence', async () => {
    const { check, checker, billing, clock } = setUp();
    expect(await check.execute(command)).toEqual({ result: 'valid', service: 'table', reference: 'ref-1' });
    expect(checker.asked).toEqual([{ country: 'DE', taxId: 'DE123456789', postalCode: '10115' }]);
    expect(billing.checks).toMatchObject([
      { id: 'check-1', customerId: 'customer-1', country: 'DE', taxId: 'DE123456789', result: 'valid', reference: 'ref-1', checkedAt: clock.now(), retryAfter: null },
    ]);
  });

  it('reuses a definite answer given within ten minutes instead of asking again', async () => {
    const { check, checker, clock } = setUp({ DE123456789: 'invalid' });
    await check.execute(command);
    clock.advance(9 * 60_000);
    expect((await check.execute(command)).result).toBe('invalid');
    expect(checker.asked).toHaveLength(1);
    clock.advance(2 * 60_000);
    await check.execute(command);
    expect(checker.asked).toHaveLength(2);
  });

  it('counts a register that is down as unverified, queued to be tried again in an hour', async () => {
    const { check, checker, billing, clock } = setUp();
    checker.down = true;
    expect(await check.execute(command)).toEqual({ result: 'unverified', service: 'error', reference: null });
    expect(billing.checks[0].retryAfter).toEqual(new Date(clock.now().getTime() + TAX_ID_RETRY_MS));
    // An unverified answer is not reused: the next check asks again.
    checker.down = false;
    expect((await check.execute(command)).result).toBe('valid');
    expect(checker.asked).toHaveLength(2);
  });
});
