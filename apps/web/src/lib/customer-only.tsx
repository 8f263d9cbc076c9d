import { signInLink, type CustomerJson, type SessionJson } from '@store/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useLocale } from './locale';
import { useSession } from './get-session';

/**
 * Account pages are for their signed-in owner only: a visitor is sent to sign-in, with the way back
 * to this page (spec 1 §2). Here beside the session, not in the account feature, because an order's
 * own page is guarded the same way.
 */
export function CustomerOnly({ children }: { readonly children: (customer: CustomerJson, session: SessionJson) => ReactNode }) {
  const session = useSession();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  if (session.isPending) return <p role="status">Loading your account…</p>;
  if (session.isError) {
    return (
      <p role="alert" className="notice notice--error">
        {session.error.message}
      </p>
    );
  }
  if (!session.data.customer) return <Navigate to={signInLink('', locale.urlFriendly, `${pathname}${search}`)} replace />;
  return <>{children(session.data.customer, session.data)}</>;
}
