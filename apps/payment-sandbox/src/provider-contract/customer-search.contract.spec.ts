import type braintree from 'braintree';
import { CONTRACT_TIMEOUT_MS, sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';
import { request } from './vault-helpers';

/**
 * Customer search (`gateway.customer.search`): the SDK's CustomerSearch criteria (text fields with
 * is / isNot / startsWith / endsWith / contains, the card's expiry and number, `ids`, `createdAt`)
 * over `customers/advanced_search_ids` and `customers/advanced_search`, paged as the answer says.
 * The cases follow braintree_node's integration spec (customer_search_spec.js). Every search names
 * a value only this run made (uniqueId), so other runs' customers in the provider's sandbox never
 * match.
 */

const { gateway } = useContractTarget();

/** The SDK's search node for one field: the operators its CustomerSearch gives that field. */
interface SearchNode {
  is(value: unknown): void;
  isNot(value: string): void;
  startsWith(value: string): void;
  endsWith(value: string): void;
  contains(value: string): void;
  in(values: readonly string[]): void;
  min(value: Date): void;
  max(value: Date): void;
  between(min: Date, max: Date): void;
}
type Search = Record<string, () => SearchNode>;

/** Every customer a search finds, in the order the SDK's stream gives them (it pages by the answer's page size). */
function search(build: (search: Search) => void): Promise<braintree.Customer[]> {
  return new Promise((resolve, reject) => {
    const found: braintree.Customer[] = [];
    const stream = gateway.customer.search(build);
    stream.on('data', (customer: braintree.Customer) => found.push(customer));
    stream.on('error', reject);
    stream.on('end', () => resolve(found));
    stream.resume();
  });
}

/** The callback form: the matching ids and the page size the SDK read from `advanced_search_ids`. */
function searchIds(build: (search: Search) => void): Promise<{ ids: string[]; pageSize: number }> {
  return new Promise((resolve, reject) => {
    const searchWithCallback = gateway.customer.search as unknown as (build: (search: Search) => void, callback: (error: unknown, response: { ids: string[]; pageSize: number }) => void) => void;
    searchWithCallback.call(gateway.customer, build, (error, response) => (error ? reject(error) : resolve({ ids: response.ids, pageSize: response.pageSize })));
  });
}

async function create(params: Record<string, unknown>): Promise<braintree.Customer> {
  const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>(params));
  expect(result.success).toBe(true);
  return result.customer;
}

const ids = (customers: readonly braintree.Customer[]) => customers.map((customer) => customer.id);

it('finds nothing for an email no customer has', async () => {
  expect(await search((s) => s.email().is(`${uniqueId('nobody')}@example.com`))).toEqual([]);
  expect((await searchIds((s) => s.email().is(`${uniqueId('nobody')}@example.com`))).ids).toEqual([]);
});

describe('by text fields', () => {
  const unique = uniqueId('cs');
  const lastName = `${unique}_Lovelace`;
  let bob: braintree.Customer;
  let ryan: braintree.Customer;

  beforeAll(async () => {
    bob = await create({ firstName: 'Bob', lastName, email: `bob.${unique}@example.com`, company: `Acme ${unique}` });
    ryan = await create({ firstName: 'Ryan', lastName, email: `ryan.${unique}@example.com`, company: `Initech ${unique}` });
  });

  it('is: a single result, and multiple results newest first', async () => {
    const single = await search((s) => {
      s.firstName().is('Bob');
      s.lastName().is(lastName);
    });
    expect(single).toHaveLength(1);
    expect(single[0]).toMatchObject({ id: bob.id, firstName: 'Bob', lastName });
    expect(ids(await search((s) => s.lastName().is(lastName)))).toEqual([ryan.id, bob.id]);
  });

  it('isNot, startsWith, endsWith and contains', async () => {
    expect(ids(await search((s) => {
      s.lastName().startsWith(unique);
      s.firstName().isNot('Bob');
    }))).toEqual([ryan.id]);
    expect(ids(await search((s) => s.email().startsWith(`bob.${unique}`)))).toEqual([bob.id]);
    expect(ids(await search((s) => s.company().endsWith(`Initech ${unique}`)))).toEqual([ryan.id]);
    expect(ids(await search((s) => s.email().contains(`.${unique}@`)))).toEqual([ryan.id, bob.id]);
    // Operators on one field all apply.
    expect(ids(await search((s) => {
      s.email().contains(unique);
      s.email().endsWith('@example.com');
      s.email().startsWith('ryan.');
    }))).toEqual([ryan.id]);
  });

  it('ids: one or several', async () => {
    expect(ids(await search((s) => s.ids().is(bob.id)))).toEqual([bob.id]);
    expect(ids(await search((s) => s.ids().in([bob.id, ryan.id])))).toEqual([ryan.id, bob.id]);
    expect(ids(await search((s) => {
      s.ids().in([bob.id, ryan.id]);
      s.firstName().is('Ryan');
    }))).toEqual([ryan.id]);
  });

  it('createdAt: a range around now holds them; one that ended yesterday does not', async () => {
    const now = Date.now();
    const yesterday = new Date(now - 24 * 3600_000);
    const tomorrow = new Date(now + 24 * 3600_000);
    expect(ids(await search((s) => {
      s.lastName().is(lastName);
      s.createdAt().between(yesterday, tomorrow);
    }))).toEqual([ryan.id, bob.id]);
    expect(await search((s) => {
      s.lastName().is(lastName);
      s.createdAt().max(yesterday);
    })).toEqual([]);
    expect(ids(await search((s) => {
      s.lastName().is(lastName);
      s.createdAt().min(yesterday);
    }))).toEqual([ryan.id, bob.id]);
  });
});

describe('by the customer\'s card and address', () => {
  it('matches every field of braintree_node\'s complex search at once', async () => {
    const id = uniqueId('cust');
    const email = `${uniqueId('mail')}@example.com`;
    const firstName = uniqueId('John');
    const lastName = uniqueId('Smith');
    const cardToken = uniqueId('card');
    await create({
      id,
      company: 'Braintree',
      email,
      fax: '(123)456-7890',
      firstName,
      lastName,
      phone: '(456)123-7890',
      website: 'http://www.example.com/',
      creditCard: {
        number: '5105105105105100',
        expirationDate: '05/2012',
        cardholderName: `${firstName} ${lastName}`,
        token: cardToken,
        billingAddress: { firstName, lastName, streetAddress: '123 Fake St', extendedAddress: 'Suite 403', locality: 'Chicago', region: 'IL', postalCode: '60607', countryName: 'United States of America' },
      },
    });
    const text: Record<string, string> = {
      addressCountryName: 'United States of America',
      addressExtendedAddress: 'Suite 403',
      addressFirstName: firstName,
      addressLastName: lastName,
      addressLocality: 'Chicago',
      addressPostalCode: '60607',
      addressRegion: 'IL',
      addressStreetAddress: '123 Fake St',
      cardholderName: `${firstName} ${lastName}`,
      company: 'Braintree',
      email,
      fax: '(123)456-7890',
      firstName,
      id,
      lastName,
      paymentMethodToken: cardToken,
      phone: '(456)123-7890',
      website: 'http://www.example.com/',
    };
    const now = Date.now();
    const found = await search((s) => {
      for (const [field, value] of Object.entries(text)) s[field]().is(value);
      s.creditCardExpirationDate().is('05/2012');
      s.creditCardNumber().startsWith('5105');
      s.creditCardNumber().endsWith('100');
      s.ids().is(id);
      s.createdAt().between(new Date(now - 24 * 3600_000), new Date(now + 24 * 3600_000));
    });
    expect(ids(found)).toEqual([id]);
    // The page's customer is the whole customer, card and address included.
    expect(found[0]).toMatchObject({ id, firstName, email, creditCards: [{ token: cardToken, last4: '5100', expirationDate: '05/2012' }], addresses: [{ locality: 'Chicago', postalCode: '60607' }] });

    // Any one field that differs leaves it out.
    expect(await search((s) => {
      s.id().is(id);
      s.addressLocality().is('Springfield');
    })).toEqual([]);
    expect(await search((s) => {
      s.id().is(id);
      s.creditCardNumber().endsWith('1111');
    })).toEqual([]);
    expect(await search((s) => {
      s.id().is(id);
      s.creditCardExpirationDate().isNot('05/2012');
    })).toEqual([]);
  });

  it('paymentMethodTokenWithDuplicates finds every customer holding the same card number', async () => {
    const number = '5105105105105100';
    const joe = await create({ firstName: 'Joe', creditCard: { number, expirationDate: '05/2012' } });
    const jim = await create({ firstName: 'Jim', creditCard: { number, expirationDate: '05/2012' } });
    const other = await create({ firstName: 'Ann', creditCard: { number: '4111111111111111', expirationDate: '05/2012' } });
    const joeToken = joe.creditCards?.[0]?.token ?? '';
    expect(joeToken).not.toBe('');
    const found = await search((s) => {
      s.paymentMethodTokenWithDuplicates().is(joeToken);
      s.ids().in([joe.id, jim.id, other.id]);
    });
    expect(found.map((customer) => customer.firstName)).toEqual(['Jim', 'Joe']);
    // paymentMethodToken alone finds only the card's own customer.
    expect(ids(await search((s) => {
      s.paymentMethodToken().is(joeToken);
      s.ids().in([joe.id, jim.id, other.id]);
    }))).toEqual([joe.id]);
  });

  it('paypalAccountEmail finds the customer of a saved PayPal account', async () => {
    const customer = await create({ id: uniqueId('pp'), firstName: 'Paula' });
    const saved = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: 'fake-paypal-billing-agreement-nonce' });
    expect(saved.success).toBe(true);
    const email = (saved.paymentMethod as braintree.PayPalAccount).email;
    expect(email).toEqual(expect.stringContaining('@'));
    const found = await search((s) => {
      s.paypalAccountEmail().is(email);
      s.id().is(customer.id);
    });
    expect(ids(found)).toEqual([customer.id]);
    expect(found[0].paypalAccounts?.[0]).toMatchObject({ token: saved.paymentMethod.token });
  });
});

describe('paging', () => {
  it(
    'gives every match through the SDK\'s stream, page by page as the answer\'s page size says',
    async () => {
      const lastName = uniqueId('Paged');
      const made: string[] = [];
      // More than one of the sandbox's pages (50).
      for (let index = 0; index < 55; index++) made.push((await create({ firstName: `P${index}`, lastName })).id);
      const { ids: found, pageSize } = await searchIds((s) => s.lastName().is(lastName));
      expect(pageSize).toBeGreaterThan(0);
      expect(new Set(found)).toEqual(new Set(made));
      const customers = await search((s) => s.lastName().is(lastName));
      expect(customers).toHaveLength(55);
      expect(new Set(ids(customers))).toEqual(new Set(made));
      expect(customers.every((customer) => customer.lastName === lastName)).toBe(true);
    },
    CONTRACT_TIMEOUT_MS * 4,
  );

  sandboxOnly('the sandbox pages by 50, as its transaction search does', async () => {
    expect((await searchIds((s) => s.email().is(`${uniqueId('nobody')}@example.com`))).pageSize).toBe(50);
  });
});
