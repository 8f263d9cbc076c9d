import { aRegisteredCustomer, FixedCategories, InMemoryCustomers } from '../testing';
import { UpdateCustomerCategory } from './update-customer-category.use-case';

async function setUp() {
  const customers = new InMemoryCustomers();
  const customer = await aRegisteredCustomer(customers, { hasConfirmedAccountType: false });
  return { customers, customer, update: new UpdateCustomerCategory(customers, new FixedCategories()) };
}

const business = { accountName: '  Serif Ltd ', customerCategory: 'business.design-agency', basketHasMultiUserProduct: false };

describe('UpdateCustomerCategory', () => {
  it('makes the account a business one with its trimmed name and category, and stores it', async () => {
    const { update, customer, customers } = await setUp();
    const updated = await update.execute(customer, business);
    const expected = { accountType: 'business', accountName: 'Serif Ltd', customerCategory: 'business.design-agency', hasConfirmedAccountType: true };
    expect(updated.ok && updated.value).toEqual({ ...customer, ...expected });
    expect(await customers.findById(customer.id)).toMatchObject(expected);
  });

  it('confirms a personal account without a name', async () => {
    const { update, customer } = await setUp();
    const updated = await update.execute(customer, { accountName: 'ignored', customerCategory: 'personal', basketHasMultiUserProduct: false });
    expect(updated.ok && updated.value).toMatchObject({ accountType: 'personal', accountName: null, hasConfirmedAccountType: true });
  });

  it('refuses a personal account for a basket with a multi-user product', async () => {
    const { update, customer, customers } = await setUp();
    const refused = await update.execute(customer, { accountName: null, customerCategory: 'personal', basketHasMultiUserProduct: true });
    expect(!refused.ok && refused.error.fields).toEqual({ customerCategory: ['Choose an account type'] });
    expect((await customers.findById(customer.id))?.hasConfirmedAccountType).toBe(false);
  });

  it.each([
    ['business', { accountName: ' ', customerCategory: 'business.unknown' }, { companyName: ['Company name is required'], businessSector: ['Choose a category from the list'] }],
    ['education', { accountName: null, customerCategory: 'education.university' }, { educationName: ['Institution name is required'] }],
    ['nonsense', { accountName: 'x', customerCategory: 'wizard.guild' }, { customerCategory: ['Choose an account type'] }],
  ])('names each missing or wrong field of a %s account and changes nothing', async (_, input, fields) => {
    const { update, customer, customers } = await setUp();
    const refused = await update.execute(customer, { ...input, basketHasMultiUserProduct: false });
    expect(!refused.ok && refused.error.fields).toEqual(fields);
    expect(await customers.findById(customer.id)).toEqual(customer);
  });

  it('needs a session, and tells when the account could not be changed', async () => {
    const { update, customer, customers } = await setUp();
    expect(await update.execute(null, business)).toMatchObject({ ok: false, error: { errorName: 'SESSION_EXPIRED' } });
    await customers.setStatus(customer.id, 'suspended');
    expect(await update.execute(customer, business)).toMatchObject({ ok: false, error: { errorName: 'ACCOUNT_UPDATE_FAILED' } });
  });
});
