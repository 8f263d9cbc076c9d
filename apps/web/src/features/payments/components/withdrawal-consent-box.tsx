import { WITHDRAWAL_CONSENT_TEXT } from '@store/domain';
import { useState, type ReactNode } from 'react';

const CONSENT_BOX_ID = 'withdrawal-consent-box';

interface WithdrawalConsentBoxProps {
  readonly checked: boolean;
  readonly error: string | null;
  readonly onChange: (checked: boolean) => void;
}

/** The immediate-supply consent EU, EEA and UK consumers give before paying (issue 8), shared by the payment sections. */
function WithdrawalConsentBox({ checked, error, onChange }: WithdrawalConsentBoxProps) {
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="choice withdrawal-consent">
        <input
          id={CONSENT_BOX_ID}
          type="checkbox"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'withdrawal-consent-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {WITHDRAWAL_CONSENT_TEXT}
      </label>
      {error && (
        // Announced where it stands, beside the box that takes the focus.
        <p className="field__error" id="withdrawal-consent-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the shopper is told when paying without the consent, with focus moved to the box. */
const CONSENT_REQUIRED_MESSAGE = 'Please tick this box to confirm';

export interface WithdrawalConsent {
  /** What PLACE_ORDER sends: the box's state where it is required, nothing elsewhere. */
  readonly value: boolean | undefined;
  /** True when paying may go on; otherwise the box says why and takes the focus. */
  readonly check: () => boolean;
  /** The box, where it is required (EU, EEA and UK billing). */
  readonly box: ReactNode;
}

/** The immediate-supply consent of a payment section (issue 8): its state, the check before paying, and the box. */
export function useWithdrawalConsent(required: boolean): WithdrawalConsent {
  const [given, setGiven] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    value: required ? given : undefined,
    check: () => {
      if (!required || given) return true;
      setError(CONSENT_REQUIRED_MESSAGE);
      document.getElementById(CONSENT_BOX_ID)?.focus();
      return false;
    },
    box: required ? (
      <WithdrawalConsentBox
        checked={given}
        error={error}
        onChange={(checked) => {
          setGiven(checked);
          setError(null);
        }}
      />
    ) : null,
  };
}
