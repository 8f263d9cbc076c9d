import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, useLocale } from '../../../lib/locale';
import { SignInForm } from './sign-in-form';

/** /{locale}/sign-in/: the account button's destination for visitors, returning to ?redirect= afterwards. */
export function SignInPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(search.get('redirect'), `/${locale.urlFriendly}/`);
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <div className="page narrow">
      <h1>Sign in</h1>
      {typeof notice === 'string' && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <SignInForm locale={locale.urlFriendly} redirectTo={redirect} onSignedIn={(next) => navigate(next)} />
    </div>
  );
}
