import type { CustomerJson } from '@store/domain';
import { Button } from '@store/ui';
import { useRef, useState } from 'react';
import { useAppUi } from '../../../lib/app-ui';
import { signOut, unregisterEmail, useIdentityMutation } from '../api/identity-actions';
import { AlreadyRegisteredModal } from './already-registered-modal';
import { EmailCaptureForm } from './email-capture-form';
import { SignInForm } from './sign-in-form';

export interface AccountSelectorProps {
  readonly active: boolean;
  readonly customer: CustomerJson | null;
  readonly reservedEmail: string | null;
  readonly onReserved: (email: string | null) => void;
  readonly locale: string;
}

type Tab = 'new' | 'existing';

/**
 * Step 1 (spec 1 §2, §4): a new customer gives an email, an existing one signs in. Done, it shows
 * the email with Change (visitor) or Sign out (signed-in customer).
 */
export function AccountSelector({ active, customer, reservedEmail, onReserved, locale }: AccountSelectorProps) {
  const { notifyError } = useAppUi();
  const [tab, setTab] = useState<Tab>('new');
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const [signInEmail, setSignInEmail] = useState('');
  const [focusEmail, setFocusEmail] = useState(0);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ new: null, existing: null });
  const leave = useIdentityMutation(signOut);

  if (customer) {
    return (
      <div className="step-done">
        <p>
          Signed in as <strong>{customer.email}</strong>
        </p>
        <Button variant="secondary" onClick={() => leave.mutate(undefined, { onError: notifyError })} busy={leave.isPending}>
          Sign out
        </Button>
      </div>
    );
  }
  if (reservedEmail || !active) {
    return (
      <div className="step-done">
        {reservedEmail && (
          <p>
            <strong>{reservedEmail}</strong>
          </p>
        )}
        {reservedEmail && (
          <Button
            variant="secondary"
            onClick={() => {
              void unregisterEmail(reservedEmail).catch(() => undefined);
              onReserved(null);
            }}
          >
            Change
          </Button>
        )}
      </div>
    );
  }

  const select = (next: Tab) => {
    setTab(next);
    tabs.current[next]?.focus();
  };
  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') select(tab === 'new' ? 'existing' : 'new');
  };

  return (
    <div className="account-selector">
      <div role="tablist" aria-label="Account" className="tabs" onKeyDown={onTabKey}>
        {(['new', 'existing'] as const).map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`account-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`account-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {name === 'new' ? 'New customer' : 'Existing customer'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="account-panel-new" aria-labelledby="account-tab-new" hidden={tab !== 'new'}>
        <EmailCaptureForm onReserved={onReserved} onAccountExists={setExistingEmail} focusRequest={focusEmail} />
      </div>
      <div role="tabpanel" id="account-panel-existing" aria-labelledby="account-tab-existing" hidden={tab !== 'existing'}>
        {tab === 'existing' && (
          <SignInForm
            locale={locale}
            initialEmail={signInEmail}
            focusPassword={signInEmail !== ''}
            redirectTo={`/${locale}/checkout/`}
            onSignedIn={() => undefined}
          />
        )}
      </div>
      <AlreadyRegisteredModal
        email={existingEmail}
        onSignIn={() => {
          setSignInEmail(existingEmail ?? '');
          setExistingEmail(null);
          setTab('existing');
        }}
        onDifferentEmail={() => {
          setExistingEmail(null);
          setFocusEmail((count) => count + 1);
        }}
      />
    </div>
  );
}
