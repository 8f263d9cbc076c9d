import { cardFieldMessage, cardholderNameMessage, ErrorCatalogue, securityCodeLabel, type CardField } from '@store/domain';
import { Button } from '@store/ui';
import type { HostedFields, HostedFieldsState } from 'braintree-web/hosted-fields';
import { useEffect, useState } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { PaymentMethodsProblem } from '../../../../components/payment-methods-problem';
import { withLoadLimit } from '../../../../load-limit';
import { CARD_FIELDS } from '../../card-gateway-client';
import { defineMethod, type MethodProps } from '../../method';
import { CARD_FIELD_CONTAINERS, CardForm } from './card-form';

type FieldMessages = Partial<Record<CardField, string | null>>;

const messagesFor = (state: HostedFieldsState, only?: CardField): FieldMessages => {
  const messages: FieldMessages = {};
  for (const field of only ? [only] : (CARD_FIELDS as CardField[])) {
    const data = state.fields[field];
    if (data) messages[field] = cardFieldMessage(field, data);
  }
  return messages;
};

/**
 * A new card in the gateway's frames (spec 2 §2, §5). The form stays mounted while another method
 * is chosen, so its frames are made once per gateway client, first of all the methods; paying
 * validates the fields, tokenizes, and goes on to 3-D Secure and the order.
 */
function CardPayment({ customer, gateway, loadLimitMs, chosen, payment, settled }: MethodProps<never>) {
  const { notify } = useAppUi();
  const [fields, setFields] = useState<HostedFields | null>(null);
  const [fieldsFailed, setFieldsFailed] = useState(false);
  const [fieldsAttempt, setFieldsAttempt] = useState(0);
  const [messages, setMessages] = useState<FieldMessages>({});
  const [cardType, setCardType] = useState<string | null>(null);
  const [cardholderName, setCardholderName] = useState('');
  const [cardholderError, setCardholderError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);

  // The card form's frames, once per gateway client; revalidated on blur, cleared on focus (spec 2 §5).
  useEffect(() => {
    let current: HostedFields | null = null;
    let cancelled = false;
    // The card form's frames are the gateway's own pages: they too may take only the load limit to arrive.
    const creating = gateway.hostedFields(CARD_FIELD_CONTAINERS);
    withLoadLimit(creating, loadLimitMs, 'The card form')
      .then((created) => {
        if (cancelled) return void gateway.release(created);
        current = created;
        created.on('blur', (state) => setMessages((previous) => ({ ...previous, ...messagesFor(state, state.emittedBy as CardField) })));
        created.on('focus', (state) => setMessages((previous) => ({ ...previous, [state.emittedBy]: null })));
        created.on('cardTypeChange', (state) => setCardType(state.cards.length === 1 ? state.cards[0].niceType : null));
        setFields(created);
        settled();
      })
      .catch(() => {
        if (cancelled) return;
        setFieldsFailed(true);
        settled();
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
        // Frames that arrive after all are not used: the next attempt makes its own.
        creating.then((late) => void gateway.release(late)).catch(() => undefined);
      });
    return () => {
      cancelled = true;
      if (current) void gateway.release(current);
    };
  }, [gateway, loadLimitMs, fieldsAttempt, notify, settled]);

  /** The fields checked (the first invalid one focused), then the gateway's nonce for them. */
  const tokenize = async () => {
    if (!fields) return null;
    const state = fields.getState();
    const fieldMessages = messagesFor(state);
    const nameMessage = cardholderNameMessage(cardholderName, true);
    setMessages(fieldMessages);
    setCardholderError(nameMessage);
    const firstInvalid = (CARD_FIELDS as CardField[]).find((field) => fieldMessages[field]);
    if (nameMessage) {
      document.querySelector<HTMLInputElement>('input[name="cardholderName"]')?.focus();
      return null;
    }
    if (firstInvalid) {
      fields.focus(firstInvalid);
      return null;
    }
    payment.track();
    const tokenized = await fields.tokenize({
      cardholderName: cardholderName.trim(),
      billingAddress: { postalCode: customer.billing?.postal_code ?? undefined, countryCodeAlpha2: customer.billing?.country ?? undefined },
    });
    return { nonce: tokenized.nonce, bin: tokenized.details.bin };
  };

  return (
    <>
      <div hidden={!chosen}>
        {fieldsFailed ? (
          <PaymentMethodsProblem
            onRetry={() => {
              setFieldsFailed(false);
              setFields(null);
              setFieldsAttempt((current) => current + 1);
            }}
          />
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
      {chosen && (
        <Button
          busy={payment.busy || (!fields && !fieldsFailed)}
          disabled={fieldsFailed}
          onClick={() => void payment.payByCard(tokenize, saveCard, () => fields && setMessages(messagesFor(fields.getState())))}
        >
          Pay with card
        </Button>
      )}
    </>
  );
}

/** A new card: always offered; its frames are its set-up, made on the page. */
export const cardMethod = defineMethod<never, never>({
  key: 'card',
  offered: () => true,
  Component: CardPayment,
});
