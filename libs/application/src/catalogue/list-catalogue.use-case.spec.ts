import { ErrorCatalogue } from '@store/domain';
import { aCatalogue } from '../testing';
import { ListCatalogue } from './list-catalogue.use-case';

describe('ListCatalogue', () => {
  const catalogue = aCatalogue();
  const list = new ListCatalogue(catalogue, catalogue);

  it("lists the suites the country's account sells, with the account", async () => {
    const gb = await list.execute('GB');
    expect(gb.ok && gb.value.countryAccount.currency).toBe('GBP');
    expect(gb.ok && gb.value.suites.map((suite) => suite.reference)).toEqual(['photo-2', 'team']);
    const us = await list.execute('US');
    expect(us.ok && us.value.suites.map((suite) => suite.reference)).toEqual(['photo-2']);
  });

  it('answers not found, with its message, for a country the store does not sell in', async () => {
    const result = await list.execute('ZZ');
    expect(!result.ok && result.error).toMatchObject({ code: ErrorCatalogue.NOT_FOUND.code, message: 'This store does not sell in that country' });
  });
});
