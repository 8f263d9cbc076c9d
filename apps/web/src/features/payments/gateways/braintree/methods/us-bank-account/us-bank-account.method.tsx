import { Button, TextField } from '@store/ui';
import type { UsBankAccount } from 'braintree-web/us-bank-account';
import { useId, useRef, useState } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { defineMethod, type MethodProps } from '../../method';
import { bankDebitOffered, bankDebitSetUp, providerCodeOf } from '../bank-debit/bank-debit';
import { accountNumberOf, achFailure, achProblems, routingNumberOf, type AchProblems } from '../bank-debit/bank-debit-checks';

/** Ours: the authorization the payer accepts, sent to the provider word for word as the ACH mandate. */
export function achMandateText(amount: string, currency: string, save: boolean): string {
  return (
    `By ticking this box and clicking Pay from my bank account, I authorize Affinity Store to debit the bank account above ` +
    `${amount} ${currency} for this order${save ? ', and to debit it again for later orders I place with it' : ''}. ` +
    'I may revoke this authorization by contacting Affinity Store customer service.'
  );
}

type AccountType = 'checking' | 'savings';
type Ownership = 'personal' | 'business';

/**
 * A US bank account (ACH; spec 3 §3, §5, §8): routing number (ABA checksum checked here, as the
 * provider's refusal arrives as a network error), account number, type and ownership, the billing
 * address of the billing step and the mandate, accepted by the payer. Bank details only: bank
 * login is not enabled for the store. Saved accounts are verified by the provider's network check
 * on the server.
 */
function UsBankAccountPayment({ customer, instance, chosen, payment }: MethodProps<UsBankAccount>) {
  const { notify } = useAppUi();
  const ids = useId();
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [accountType, setAccountType] = useState<AccountType>('checking');
  const [ownership, setOwnership] = useState<Ownership>('personal');
  const [businessName, setBusinessName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [save, setSave] = useState(false);
  const [problems, setProblems] = useState<AchProblems>({});
  const routingRef = useRef<HTMLInputElement>(null);
  const accountRef = useRef<HTMLInputElement>(null);
  const businessRef = useRef<HTMLInputElement>(null);
  const mandateRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLParagraphElement>(null);
  if (!chosen || !instance) return null;
  const billing = customer.billing;
  const mandateText = achMandateText(payment.local.amount, payment.local.currency, save);

  const focusFirst = (found: AchProblems) => {
    const order = [
      [found.routingNumber, routingRef],
      [found.accountNumber, accountRef],
      [found.businessName, businessRef],
      [found.address, addressRef],
      [found.mandate, mandateRef],
    ] as const;
    order.find(([problem]) => problem)?.[1].current?.focus();
  };

  const pay = () => {
    const found = achProblems({ routingNumber: routing, accountNumber: account, ownershipType: ownership, businessName, mandateAccepted: accepted, hasAddress: billing !== null });
    setProblems(found);
    if (Object.keys(found).length > 0 || !billing) return focusFirst(found);
    void payment.payWithNonce(async () => {
      try {
        const result = await instance.tokenize({
          mandateText,
          bankDetails: {
            routingNumber: routingNumberOf(routing),
            accountNumber: accountNumberOf(account),
            accountType,
            ownershipType: ownership,
            ...(ownership === 'business' ? { businessName: businessName.trim() } : { firstName: customer.first_name, lastName: customer.last_name }),
            billingAddress: {
              streetAddress: billing.line_1,
              ...(billing.line_2 ? { extendedAddress: billing.line_2 } : {}),
              locality: billing.city,
              region: billing.state ?? '',
              postalCode: billing.postal_code,
            },
          },
        });
        return result.nonce;
      } catch (error) {
        const failure = achFailure(providerCodeOf(error), error);
        if (Object.keys(failure.fields).length > 0) {
          setProblems(failure.fields);
          focusFirst(failure.fields);
        }
        notify(failure.code);
        return null;
      }
    }, save);
  };

  const clear = (field: keyof AchProblems) => setProblems((current) => ({ ...current, [field]: undefined }));

  return (
    <div className="bank-debit" data-testid="us-bank-account-payment">
      <p>Pay straight from your US checking or savings account. Bank debits take 3 to 5 business days to settle.</p>
      <TextField
        ref={routingRef}
        id="ach-routing-number"
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        value={routing}
        error={problems.routingNumber}
        hint="The 9 digits at the bottom left of a check"
        onChange={(event) => {
          setRouting(event.target.value);
          clear('routingNumber');
        }}
      />
      <TextField
        ref={accountRef}
        id="ach-account-number"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={account}
        error={problems.accountNumber}
        onChange={(event) => {
          setAccount(event.target.value);
          clear('accountNumber');
        }}
      />
      <fieldset className="choice-group">
        <legend>Account type</legend>
        {(['checking', 'savings'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name={`${ids}-account-type`} value={value} checked={accountType === value} onChange={() => setAccountType(value)} />{' '}
            {value === 'checking' ? 'Checking' : 'Savings'}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>Account owner</legend>
        {(['personal', 'business'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name={`${ids}-ownership`} value={value} checked={ownership === value} onChange={() => setOwnership(value)} />{' '}
            {value === 'personal' ? `Personal (${customer.first_name} ${customer.last_name})` : 'Business'}
          </label>
        ))}
      </fieldset>
      {ownership === 'business' && (
        <TextField
          ref={businessRef}
          id="ach-business-name"
          label="Business name"
          autoComplete="organization"
          value={businessName}
          error={problems.businessName}
          onChange={(event) => {
            setBusinessName(event.target.value);
            clear('businessName');
          }}
        />
      )}
      <p id="ach-address" ref={addressRef} tabIndex={-1} aria-describedby={problems.address ? 'ach-address-error' : undefined}>
        Billing address: {billing ? [billing.line_1, billing.line_2, billing.city, billing.state, billing.postal_code].filter(Boolean).join(', ') : 'none yet'}
      </p>
      {problems.address && (
        <p className="field__error" id="ach-address-error">
          {problems.address}
        </p>
      )}
      <label className="choice">
        <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} /> Save this bank account for next time
      </label>
      <p id="ach-mandate-text" className="bank-debit__mandate">
        {mandateText}
      </p>
      <label className="choice">
        <input
          ref={mandateRef}
          type="checkbox"
          required
          checked={accepted}
          aria-describedby={problems.mandate ? 'ach-mandate-text ach-mandate-error' : 'ach-mandate-text'}
          aria-invalid={problems.mandate ? true : undefined}
          onChange={(event) => {
            setAccepted(event.target.checked);
            clear('mandate');
          }}
        />{' '}
        I authorize this debit
      </label>
      {problems.mandate && (
        <p className="field__error" id="ach-mandate-error">
          {problems.mandate}
        </p>
      )}
      <Button busy={payment.busy} onClick={pay}>
        Pay from my bank account
      </Button>
    </div>
  );
}

export const usBankAccountMethod = defineMethod<typeof import('braintree-web/us-bank-account'), UsBankAccount>({
  key: 'us-bank-account',
  setUp: bankDebitSetUp('us-bank-account', 'US bank account', () => import('braintree-web/us-bank-account')),
  offered: bankDebitOffered('us-bank-account'),
  Component: UsBankAccountPayment,
});
