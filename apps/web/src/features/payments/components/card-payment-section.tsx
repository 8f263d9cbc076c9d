import {
  availableCardGatewayOptions,
  basketAnalytics,
  CARD_GATEWAY_OPTION_LABELS,
  cardClientErrorCode,
  cardFieldMessage,
  cardholderNameMessage,
  ErrorCatalogue,
  offersSavedCard,
  savedCardLabel,
  securityCodeLabel,
  threeDSecureAllowsPayment,
  WITHDRAWAL_CONSENT_TEXT,
  type BasketJson,
  type CardCheckoutJson,
  type CardField,
  type CardGatewayOption,
  type CustomerJson,
} from '@store/domain';
import { Amount, Button } from '@store/ui';
import type { HostedFields, HostedFieldsState } from 'braintree-web/hosted-fields';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCheckoutUi } from '../../checkout/checkout-ui';
import { useConsent } from '../../consent/consent-provider';
import { ChargeNote } from '../../orders/charge-note';
import { usePlaceOrder } from '../../orders/use-place-order';
import { CARD_FIELDS, type CardGatewayClient } from '../braintree/card-gateway-client';
import { CARD_FIELD_CONTAINERS, CardForm } from './card-form';

export interface CardPaymentSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson;
  readonly locale: string;
  readonly checkout: CardCheckoutJson;
  readonly gateway: CardGatewayClient;
  /** EU, EEA and UK consumers agree to immediate supply before paying (issue 8). */
  readonly consentRequired: boolean;
}

type FieldMessages = Partial<Record<CardField, string | null>>;

const messagesFor = (state: HostedFieldsState, only?: CardField): FieldMessages => {
  const messages: FieldMessages = {};
  for (const field of only ? [only] : (CARD_FIELDS as CardField[])) {
    const data = state.fields[field];
    if (data) messages[field] = cardFieldMessage(field, data);
  }
  return messages;
};

/** A braintree-web error (it carries a code), told from our own ApiError and anything else. */
const providerCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof (error as { code: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * The card gateway's payment section (spec 2 §2, §4, §5): the total, 'Choose your payment method'
 * with the saved card first when it can be used, then a new card in the gateway's frames; paying
 * validates the fields, tokenizes, runs 3-D Secure 2 unless it is off, then places the order.
 */
export function CardPaymentSection({ basket, customer, locale, checkout, gateway, consentRequired }: CardPaymentSectionProps) {
  const { notify } = useCheckoutUi();
  const { track } = useConsent();
  const { place, chargeNote } = usePlaceOrder();
  const [lastResponseCode, setLastResponseCode] = useState<number | null>(null);
  const savedCard = checkout.existing_card;
  const savedOffered = offersSavedCard({
    savedCard: checkout.existing_card_token && savedCard ? { token: checkout.existing_card_token, expired: savedCard.expired } : null,
    lastResponseCode,
  });
  const options = availableCardGatewayOptions({ savedCardOffered: savedOffered, applePayEnabled: false, payPalEnabled: false, googlePayEnabled: false });
  const [chosen, setChosen] = useState<CardGatewayOption>(options[0]);
  const option = options.includes(chosen) ? chosen : 'card';
  const [fields, setFields] = useState<HostedFields | null>(null);
  const [fieldsFailed, setFieldsFailed] = useState(false);
  const [messages, setMessages] = useState<FieldMessages>({});
  const [cardType, setCardType] = useState<string | null>(null);
  const [cardholderName, setCardholderName] = useState('');
  const [cardholderError, setCardholderError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [consentGiven, setConsentGiven] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentBox = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  // The card form's frames, once per gateway client; revalidated on blur, cleared on focus (spec 2 §5).
  useEffect(() => {
    let current: HostedFields | null = null;
    let cancelled = false;
    gateway
      .hostedFields(CARD_FIELD_CONTAINERS)
      .then((created) => {
        if (cancelled) return void gateway.release(created);
        current = created;
        created.on('blur', (state) => setMessages((previous) => ({ ...previous, ...messagesFor(state, state.emittedBy as CardField) })));
        created.on('focus', (state) => setMessages((previous) => ({ ...previous, [state.emittedBy]: null })));
        created.on('cardTypeChange', (state) => setCardType(state.cards.length === 1 ? state.cards[0].niceType : null));
        setFields(created);
      })
      .catch(() => !cancelled && setFieldsFailed(true));
    return () => {
      cancelled = true;
      if (current) void gateway.release(current);
    };
  }, [gateway]);

  const pay = async (kind: 'saved-card' | 'card') => {
    if (busy) return;
    if (consentRequired && !consentGiven) {
      setConsentError('Please tick this box to confirm');
      consentBox.current?.focus();
      return;
    }
    let nonce: string;
    let bin: string;
    setBusy(true);
    try {
      if (kind === 'card') {
        if (!fields) return;
        const state = fields.getState();
        const fieldMessages = messagesFor(state);
        const nameMessage = cardholderNameMessage(cardholderName, true);
        setMessages(fieldMessages);
        setCardholderError(nameMessage);
        const firstInvalid = (CARD_FIELDS as CardField[]).find((field) => fieldMessages[field]);
        if (nameMessage) return void document.querySelector<HTMLInputElement>('input[name="cardholderName"]')?.focus();
        if (firstInvalid) return void fields.focus(firstInvalid);
        track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS.card });
        const tokenized = await fields.tokenize({
          cardholderName: cardholderName.trim(),
          billingAddress: { postalCode: customer.billing?.postal_code ?? undefined, countryCodeAlpha2: customer.billing?.country ?? undefined },
        });
        nonce = tokenized.nonce;
        bin = tokenized.details.bin;
      } else {
        track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS['saved-card'] });
        // The vault gives a fresh nonce for the saved card, so it can be 3-D Secured like a new one.
        const vaulted = await gateway.vaultedCards();
        const match = vaulted.find((method) => method.details.bin === checkout.existing_card_bin && method.details.lastFour === savedCard?.last4);
        if (!match) {
          setLastResponseCode(ErrorCatalogue.SAVED_CARD_INVALID.code);
          notify(ErrorCatalogue.SAVED_CARD_INVALID.code);
          return;
        }
        nonce = match.nonce;
        bin = match.details.bin ?? checkout.existing_card_bin ?? '';
      }
      if (gateway.threeDSecure) {
        const verified = await gateway.threeDSecure.verifyCard({
          nonce,
          bin,
          amount: basket.pricing.formatted_total_for_3d_verification,
          email: customer.email,
          billingAddress: {
            givenName: customer.first_name,
            surname: customer.last_name,
            postalCode: customer.billing?.postal_code ?? undefined,
            countryCodeAlpha2: customer.billing?.country ?? undefined,
          },
          collectDeviceData: true,
          onLookupComplete: (_data, next) => next(),
        });
        if (!threeDSecureAllowsPayment(verified)) {
          notify(ErrorCatalogue.THREE_D_SECURE_FAILED.code);
          return;
        }
        nonce = verified.nonce;
      }
      await place(
        {
          basket_reference_id: basket.reference,
          basket_stale_hash: basket.stale_hash,
          customer_public_id: customer.public_id,
          gateway: 'braintree',
          payment_facilitator: 'braintree',
          locale,
          token: nonce,
          ...(gateway.deviceData ? { bt_device_data: gateway.deviceData } : {}),
          vault_payment_method: kind === 'card' && saveCard,
          withdrawal_consent: consentRequired ? consentGiven : undefined,
        },
        'retail-order',
      );
    } catch (error) {
      if (error instanceof ApiError) {
        // Already shown by the place-order call; a saved card the gateway refused is not offered again.
        if (error.code === ErrorCatalogue.SAVED_CARD_INVALID.code) setLastResponseCode(error.code);
        return;
      }
      const code = cardClientErrorCode(providerCode(error));
      if (code === null && fields) setMessages(messagesFor(fields.getState()));
      else if (code !== null) notify(code);
    } finally {
      setBusy(false);
    }
  };

  const total = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  return (
    <div className="card-payment">
      <p className="total-box" data-testid="payment-total">
        <span>Total to pay</span> <strong><Amount value={total.gross} locale={locale} /></strong>
      </p>
      <ChargeNote note={chargeNote} />
      <fieldset className="choice-group payment-methods">
        <legend>Choose your payment method</legend>
        {options.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="payment-method" value={value} checked={option === value} onChange={() => setChosen(value)} />{' '}
            {CARD_GATEWAY_OPTION_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {option === 'saved-card' && savedCard && (
        <p className="saved-card" data-testid="saved-card">
          {savedCardLabel(savedCard.card_type, savedCard.last4)}
        </p>
      )}
      <div hidden={option !== 'card'}>
        {fieldsFailed ? (
          <p className="notice notice--error" role="alert">
            {ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.message}
          </p>
        ) : (
          <CardForm
            messages={messages}
            securityCodeLabel={securityCodeLabel(cardType)}
            cardType={cardType}
            cardholderName={cardholderName}
            cardholderError={cardholderError}
            onCardholderName={(value) => {
              setCardholderName(value);
              setCardholderError(null);
            }}
            saveCard={saveCard}
            onSaveCard={setSaveCard}
          />
        )}
      </div>
      {consentRequired && (
        <div className={['field', consentError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="choice withdrawal-consent">
            <input
              ref={consentBox}
              type="checkbox"
              required
              checked={consentGiven}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? 'withdrawal-consent-error' : undefined}
              onChange={(event) => {
                setConsentGiven(event.target.checked);
                setConsentError(null);
              }}
            />{' '}
            {WITHDRAWAL_CONSENT_TEXT}
          </label>
          {consentError && (
            <p className="field__error" id="withdrawal-consent-error">
              {consentError}
            </p>
          )}
        </div>
      )}
      {option === 'saved-card' ? (
        <Button busy={busy} onClick={() => void pay('saved-card')}>
          Pay with saved card
        </Button>
      ) : (
        <Button busy={busy || (!fields && !fieldsFailed)} disabled={fieldsFailed} onClick={() => void pay('card')}>
          Pay with card
        </Button>
      )}
    </div>
  );
}
