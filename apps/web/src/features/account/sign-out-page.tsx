import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, useLocale } from '../../lib/locale';
import { signOut } from '../identity';

/** /{locale}/sign-out/?redirect=: ends the session, then goes back where the shopper was (same site only). */
export function SignOutPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const target = safeRedirectPath(search.get('redirect'), `/${locale.urlFriendly}/`);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: ['session'] }).then(() => navigate(target, { replace: true }));
      });
  }, [navigate, queryClient, target]);
  return <p role="status">Signing you out…</p>;
}
