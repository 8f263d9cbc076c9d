import { accountMenuLinks } from '@store/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../lib/locale';
import { CustomerOnly } from '../../lib/customer-only';

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
