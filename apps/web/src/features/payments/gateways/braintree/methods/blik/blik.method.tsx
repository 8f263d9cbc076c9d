import { Button, TextField } from '@store/ui';
import { useRef, useState } from 'react';
import { defineMethod, type MethodProps } from '../../method';
import { baseStartOptions, localMethodOffered, localPaymentSetUp, type LocalPaymentKit } from '../local-payment/local-payment';
import { prefersThisTab } from '../local-payment/local-payment-parts';
import { useLocalPayment } from '../local-payment/use-local-payment';

/** Ours: the words of the BLIK code's checks, at its field. */
export const BLIK_CODE_MESSAGES = {
  missing: 'Enter the 6-digit BLIK code from your banking app.',
  invalid: 'A BLIK code is 6 digits.',
  refused: 'Your bank did not accept this code: it may be mistyped or expired. Generate a new code in your banking app and try again.',
} as const;

/** Ours: when the bank no longer knows a one-click registration (removed in the banking app). */
export const BLIK_ONE_CLICK_REFUSED = 'Your bank did not accept one-click BLIK for this shop: it may have been removed in your banking app. Pay with a BLIK code instead.';

/** Ours: the name the shopper's banking app shows for this shop once one-click BLIK is set up. */
const ONE_CLICK_ALIAS_LABEL = 'Affinity Store';

/**
 * BLIK (Poland, złoty; spec 3 §1, §3, §5). Two ways: the 6-digit code typed here (level 0, deferred:
 * the payer confirms in the banking app, the order's page waits), optionally registering this shop
 * for one-click BLIK (first use: code, consumer reference, alias label); or BLIK's own page, in a
 * popup, or in this tab on a phone or when the browser blocks the popup, which gives a nonce.
 * Once the bank registered this shop (its alias, from the provider's notification), one-click
 * later use comes first: the alias's key instead of a code, confirmed in the banking app.
 */
function BlikPayment({ customer, checkout, instance, chosen, payment, loadLimitMs }: MethodProps<LocalPaymentKit>) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [oneClick, setOneClick] = useState(false);
  const [thisTab, setThisTab] = useState(prefersThisTab);
  const [oneClickError, setOneClickError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const flow = useLocalPayment('blik', instance, payment, loadLimitMs);
  if (!chosen || !instance) return null;

  const options = () => baseStartOptions({ method: 'blik', amount: payment.local.amount, currency: payment.local.currency, customer, returnUrl: flow.returnUrl });

  const payWithCode = async () => {
    const typed = code.replace(/\s/g, '');
    const error = typed === '' ? BLIK_CODE_MESSAGES.missing : /^\d{6}$/.test(typed) ? undefined : BLIK_CODE_MESSAGES.invalid;
    setCodeError(error);
    if (error) {
      codeRef.current?.focus();
      return;
    }
    const outcome = await flow.startDeferred({
      ...options(),
      blikOptions: oneClick
        ? // The shop's reference for this customer: the bank ties the alias to it.
          { oneClick: { authCode: typed, consumerReference: customer.public_id, aliasLabel: ONE_CLICK_ALIAS_LABEL } }
        : { level_0: { authCode: typed } },
    });
    if (outcome.kind === 'refused') {
      setCodeError(BLIK_CODE_MESSAGES.refused);
      codeRef.current?.focus();
    }
  };

  const payOneClick = async (aliasKey: string) => {
    setOneClickError(null);
    const outcome = await flow.startDeferred({ ...options(), blikOptions: { oneClick: { consumerReference: customer.public_id, aliasKey } } });
    if (outcome.kind === 'refused') {
      setOneClickError(BLIK_ONE_CLICK_REFUSED);
      codeRef.current?.focus();
    }
  };

  const payOnBlikPage = async () => {
    if (thisTab) {
      await flow.startByRedirect(options());
      return;
    }
    const outcome = await flow.startInPopup(options());
    if (outcome.kind === 'blocked') setThisTab(true);
  };

  return (
    <div className="local-payment" data-testid="local-payment-blik">
      {checkout.blik_aliases.length > 0 && (
        <div className="local-payment__way">
          <p id="blik-one-click-how">No code needed: confirm the payment in your banking app.</p>
          {checkout.blik_aliases.map((alias) => (
            <Button key={alias.key} busy={payment.busy} aria-describedby="blik-one-click-how" onClick={() => void payOneClick(alias.key)}>
              Pay with BLIK one-click: {alias.label}
            </Button>
          ))}
          <p role="alert" className="field__error">
            {oneClickError}
          </p>
        </div>
      )}
      <div className="local-payment__way">
        <TextField
          ref={codeRef}
          id="blik-code"
          label="BLIK code"
          hint="Generate the code in your banking app, then confirm the payment there."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={codeError}
          onChange={(event) => setCode(event.target.value)}
        />
        <label className="choice">
          <input type="checkbox" checked={oneClick} onChange={(event) => setOneClick(event.target.checked)} /> Register this shop in my banking app for one-click
          BLIK
        </label>
        <Button busy={payment.busy} onClick={() => void payWithCode()}>
          Pay with BLIK code
        </Button>
      </div>
      <div className="local-payment__way">
        <p id="blik-page-how">Or type the code on BLIK&apos;s own page{thisTab ? ', which opens in this tab.' : ', which opens in a new window.'}</p>
        <Button variant="secondary" busy={payment.busy} aria-describedby="blik-page-how" onClick={() => void payOnBlikPage()}>
          {thisTab ? 'Continue to BLIK in this tab' : 'Continue to BLIK'}
        </Button>
      </div>
    </div>
  );
}

export const blikMethod = defineMethod<typeof import('braintree-web/local-payment'), LocalPaymentKit>({
  key: 'blik',
  setUp: localPaymentSetUp('BLIK'),
  offered: localMethodOffered('blik'),
  Component: BlikPayment,
});
