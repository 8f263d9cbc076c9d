import type { OperatorJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminPage, can, messageOf } from './admin-page';
import { isSignInRequired, sessionQuery, signOut, SIGNED_OUT, useOperatorSession } from './api/session';
// The back office's own styles travel in its own chunk and are added to the page only here, so the
// shopper's pages (whose stylesheet is written into every index.html) carry none of them.
import styles from './back-office.css?inline';
import { ADMIN_HOME, afterSignIn } from './navigation';

const NAV = [
  { to: '/admin/orders', label: 'Orders', ability: 'orders.read' },
  { to: '/admin/attention', label: 'Needs attention', ability: 'attention.read' },
  { to: '/admin/disputes', label: 'Disputes', ability: 'orders.read' },
  { to: '/admin/staff', label: 'Staff', ability: 'operators.manage' },
  { to: '/admin/audit', label: 'Audit log', ability: 'audit.read' },
] as const;

function OperatorBar({ operator }: { readonly operator: OperatorJson }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const leave = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signOut();
    } catch (error) {
      // Already signed out is what was asked for; anything else is said, and the page stays.
      if (!isSignInRequired(error)) {
        setFailure(messageOf(error));
        setBusy(false);
        return;
      }
    }
    queryClient.removeQueries({ queryKey: ['back-office'] });
    queryClient.setQueryData(sessionQuery().queryKey, SIGNED_OUT);
    navigate('/admin/', { replace: true });
  };
  return (
    <>
      <div className="admin-header__operator">
        <p className="admin-header__who">
          <span className="admin-header__name">{operator.full_name}</span>{' '}
          <span className="admin-header__badge">Badge {operator.badge_number}</span>{' '}
          <span className="admin-header__role">{operator.role}</span>
        </p>
        <button type="button" className="button button--secondary admin-header__sign-out" aria-busy={busy || undefined} onClick={() => void leave()}>
          Sign out
        </button>
      </div>
      <div role="alert" className="admin-alert">
        {failure ? <p className="notice notice--error">{failure}</p> : null}
      </div>
      <nav aria-label="Back office" className="admin-nav">
        <ul>
          {NAV.filter((item) => can(operator, item.ability)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * /admin/: the back office's layout. Staff pages are English whatever the store's locales, and every
 * page but sign-in needs a staff session: without one the page goes to sign-in, and comes back after.
 */
export function AdminLayout() {
  const session = useOperatorSession();
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.lang = 'en';
  }, []);
  const operator = session.data?.operator ?? null;
  const atSignIn = pathname === '/admin' || pathname === '/admin/';

  let content;
  if (session.isPending) content = <p className="admin-loading">Loading…</p>;
  else if (session.isError && !isSignInRequired(session.error))
    content = (
      <div className="admin-page">
        <h1>The back office is not answering</h1>
        <div role="alert" className="admin-alert">
          <p className="notice notice--error">{messageOf(session.error)}</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => void session.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (!operator && !atSignIn) content = <Navigate to={`/admin/?next=${encodeURIComponent(pathname + search)}`} replace />;
  else if (operator && atSignIn) content = <Navigate to={afterSignIn(new URLSearchParams(search).get('next'))} replace />;
  else content = <Outlet context={operator} />;

  return (
    <div className="admin">
      <style href="store-back-office" precedence="default">
        {styles}
      </style>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <p className="admin-header__brand">Affinity Store back office</p>
        {operator && <OperatorBar operator={operator} />}
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {content}
      </main>
    </div>
  );
}

/** An address under /admin/ that no page answers. */
export function AdminNotFoundPage() {
  return (
    <AdminPage title="Page not found">
      <p>
        There is no back-office page at this address. <NavLink to={ADMIN_HOME}>Go to the orders</NavLink>.
      </p>
    </AdminPage>
  );
}
