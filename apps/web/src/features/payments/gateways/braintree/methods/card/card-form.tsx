import { CARD_BRAND_ICONS, cardBrandIcon, type CardField } from '@store/domain';
import { TextField } from '@store/ui';

/** The containers the gateway's frames go into, by field. */
export const CARD_FIELD_CONTAINERS: Readonly<Record<CardField, string>> = {
  number: 'card-number',
  expirationMonth: 'card-expiration-month',
  expirationYear: 'card-expiration-year',
  cvv: 'card-cvv',
};

const BRAND_NAMES: Readonly<Record<(typeof CARD_BRAND_ICONS)[number], string>> = {
  'american-express': 'American Express',
  mastercard: 'Mastercard',
  visa: 'Visa',
  maestro: 'Maestro',
  discover: 'Discover',
  jcb: 'JCB',
};

export interface CardFormProps {
  readonly messages: Partial<Record<CardField, string | null>>;
  readonly securityCodeLabel: string;
  /** The card type the number shows so far, to light up its icon. */
  readonly cardType: string | null;
  readonly cardholderName: string;
  readonly cardholderError: string | null;
  readonly onCardholderName: (value: string) => void;
  readonly saveCard: boolean;
  readonly onSaveCard: (value: boolean) => void;
}

function HostedField({ field, label, message }: { readonly field: CardField; readonly label: string; readonly message: string | null | undefined }) {
  const container = CARD_FIELD_CONTAINERS[field];
  return (
    <div className={['field', 'field--hosted', message ? 'field--invalid' : ''].filter(Boolean).join(' ')} data-field={field}>
      {/* The input itself lives in the gateway's frame, labelled there too; this names it for sighted shoppers. */}
      <span className="field__label" id={`${container}-label`}>
        {label}
      </span>
      <div id={container} className="hosted-field" aria-labelledby={`${container}-label`} />
      {message && (
        <p className="field__error" id={`${container}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The card form (spec 2 §2, §5): cardholder name, then number, expiry month and year and security
 * code in the card gateway's own frames, with the accepted-cards hint and brand icons.
 */
export function CardForm(props: CardFormProps) {
  const active = cardBrandIcon(props.cardType);
  return (
    <div className="card-form">
      <p className="field__hint" id="accepted-cards">
        We accept major cards such as Visa, MasterCard and Maestro.
      </p>
      <ul className="card-brands" aria-label="Accepted cards">
        {CARD_BRAND_ICONS.map((brand) => (
          <li key={brand} className={['card-brand', `card-brand--${brand}`, active === brand ? 'card-brand--active' : ''].filter(Boolean).join(' ')}>
            {BRAND_NAMES[brand]}
          </li>
        ))}
      </ul>
      <TextField
        label="Cardholder name"
        name="cardholderName"
        autoComplete="cc-name"
        value={props.cardholderName}
        error={props.cardholderError ?? undefined}
        onChange={(event) => props.onCardholderName(event.target.value)}
      />
      <HostedField field="number" label="Card number" message={props.messages.number} />
      <div className="card-form__row">
        <HostedField field="expirationMonth" label="Expiry month" message={props.messages.expirationMonth} />
        <HostedField field="expirationYear" label="Expiry year" message={props.messages.expirationYear} />
        <HostedField field="cvv" label={props.securityCodeLabel} message={props.messages.cvv} />
      </div>
      <label className="choice">
        <input type="checkbox" checked={props.saveCard} onChange={(event) => props.onSaveCard(event.target.checked)} /> Save this card for next time
      </label>
    </div>
  );
}
