import { Button } from '@store/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { confirmEmail } from '../api/auth';

/**
 * /{locale}/verify-email/?email=…&token=…: where the mailed verification link lands. Opening the page
 * changes nothing (mail scanners open links to check them); the shopper's press of the button confirms.
 */
export function VerifyEmailPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string }>({ status: 'idle' });

  const confirm = async () => {
    setState({ status: 'busy' });
    try {
      await confirmEmail(email, token);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : 'Something went wrong' });
    }
  };

  if (state.status === 'done') {
    return (
      <div className="page narrow">
        <h1>Your email address is verified</h1>
        <p role="status">
          Thank you. Codes reserved for <strong>{email}</strong> can now be used. <Link to={`/${locale.urlFriendly}/checkout/`}>Back to the checkout</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>Verify your email address</h1>
      {email && token ? (
        <>
          <p>
            Confirm that <strong>{email}</strong> is your email address.
          </p>
          <Button type="button" busy={state.status === 'busy'} onClick={() => void confirm()}>
            Confirm my email address
          </Button>
        </>
      ) : (
        <p>This link is incomplete. Please open the link from the email again.</p>
      )}
      {state.status === 'failed' ? (
        <p role="alert">
          {state.message} You can ask for a new link by applying your code again at the <Link to={`/${locale.urlFriendly}/checkout/`}>checkout</Link>.
        </p>
      ) : null}
    </div>
  );
}
