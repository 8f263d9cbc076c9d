import { accountMenuLinks } from '@store/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../lib/locale';
import { CustomerOnly } from './customer-only';

/** A page of the account area: its heading takes the focus, as every page change should. */
export function AccountPage({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const locale = useLocale();
  return (
    <div className="page account-page">
      <p className="breadcrumb">
        <Link to={`/${locale.urlFriendly}/account/`}>Account</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** /{locale}/account/: where the account menu's pages are, with the customer's name. */
export function AccountHomePage() {
  const locale = useLocale();
  return (
    <CustomerOnly>
      {(customer) => (
        <AccountPage title={`Hello, ${customer.first_name}`}>
          <p>Signed in as {customer.email}.</p>
          <ul className="account-home__links">
            {accountMenuLinks('', locale.urlFriendly)
              .filter((link) => link.key !== 'account' && link.key !== 'sign-out')
              .map((link) => (
                <li key={link.key}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            <li>
              <Link to={`/${locale.urlFriendly}/account/security/`}>Two-step verification</Link>
            </li>
          </ul>
        </AccountPage>
      )}
    </CustomerOnly>
  );
}

/**
 * Order history, licences and downloads (spec 1 §2): filled by the orders of the order issue; until
 * a customer has placed one, each says so and points back to the store.
 */
export function EmptyAccountListPage({ title, empty }: { readonly title: string; readonly empty: string }) {
  const locale = useLocale();
  return (
    <CustomerOnly>
      {() => (
        <AccountPage title={title}>
          <p className="empty-state">{empty}</p>
          <p>
            <Link to={`/${locale.urlFriendly}/`}>Browse the store</Link>
          </p>
        </AccountPage>
      )}
    </CustomerOnly>
  );
}

export const OrdersPage = () => <EmptyAccountListPage title="Order history" empty="You have not placed any orders yet." />;
export const LicencesPage = () => <EmptyAccountListPage title="Licences and downloads" empty="You have no licences yet." />;
export const DownloadsPage = () => <EmptyAccountListPage title="Downloads and product keys" empty="You have no downloads or product keys yet." />;
