import type { CustomerJson, SessionJson } from '@store/domain';

const TYPE_LABELS = { personal: 'Personal account', business: 'Business account', education: 'Education account' } as const;

/** The read-only account of a signed-in customer (spec 1 §2): name, organisation, sector or institution type. */
export function AccountSummary({ customer, categories }: { readonly customer: CustomerJson; readonly categories: SessionJson['customer_categories'] }) {
  const category = [...categories.business_categories, ...categories.education_categories].find(
    (candidate) => candidate.fqn === customer.account.customer_category,
  );
  return (
    <dl className="summary">
      <div>
        <dt>Name</dt>
        <dd>{customer.full_name}</dd>
      </div>
      <div>
        <dt>Account type</dt>
        <dd>{TYPE_LABELS[customer.account.type]}</dd>
      </div>
      {customer.account.account_name && (
        <div>
          <dt>{customer.account.type === 'education' ? 'Institution' : 'Organisation'}</dt>
          <dd>{customer.account.account_name}</dd>
        </div>
      )}
      {category && (
        <div>
          <dt>{customer.account.type === 'education' ? 'Institution type' : 'Sector'}</dt>
          <dd>{category.name}</dd>
        </div>
      )}
    </dl>
  );
}
