import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clearSignInNotice, peekSignInNotice } from '../sign-in-notice';
import { safeRedirectPath, useLocale } from '../../../lib/locale';
import { SignInForm } from './sign-in-form';

/** /{locale}/sign-in/: the account button's destination for visitors, returning to ?redirect= afterwards. */
export function SignInPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(search.get('redirect'), `/${locale.urlFriendly}/`);
  const [notice] = useState(peekSignInNotice);
  useEffect(() => clearSignInNotice(), []);
  return (
    <div className="page narrow">
      <h1>Sign in</h1>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <SignInForm locale={locale.urlFriendly} redirectTo={redirect} onSignedIn={(next) => navigate(next)} />
    </div>
  );
}
