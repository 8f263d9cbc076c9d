import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, useLocale } from '../../../lib/locale';
import { SignInForm } from './sign-in-form';

/** /{locale}/sign-in/: the account button's destination for visitors, returning to ?redirect= afterwards. */
export function SignInPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(search.get('redirect'), `/${locale.urlFriendly}/`);
  return (
    <div className="page narrow">
      <h1>Sign in</h1>
      <SignInForm locale={locale.urlFriendly} redirectTo={redirect} onSignedIn={(next) => navigate(next)} />
    </div>
  );
}
