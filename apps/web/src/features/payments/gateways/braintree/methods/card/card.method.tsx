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
import {
  MOBILE_COUNTRY_CODE,
  MOBILE_NUMBER,
  UNIONPAY_WRONG_CODES_ALLOWED,
  UnionPayEnrollmentForm,
  withUnionPay,
  unionPayView,
  unionPayWords,
  type UnionPayStep,
} from './unionpay';

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
function CardPayment({ customer, checkout, gateway, loadLimitMs, chosen, payment, settled }: MethodProps<never>) {
  const { notify } = useAppUi();
  const [fields, setFields] = useState<HostedFields | null>(null);
  const [fieldsFailed, setFieldsFailed] = useState(false);
  const [fieldsAttempt, setFieldsAttempt] = useState(0);
  const [messages, setMessages] = useState<FieldMessages>({});
  const [cardType, setCardType] = useState<string | null>(null);
  const [cardholderName, setCardholderName] = useState('');
  const [cardholderError, setCardholderError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  // UnionPay's SMS enrollment, where the store has it on and the card typed needs it.
  const unionPayOn = checkout.retired_networks?.unionpay === true;
  const [unionPayStep, setUnionPayStep] = useState<UnionPayStep | null>(null);
  const [mobile, setMobile] = useState({ countryCode: '86', number: '' });
  const [smsCode, setSmsCode] = useState('');
  const [unionPayError, setUnionPayError] = useState<string | null>(null);
  const [unionPayBusy, setUnionPayBusy] = useState(false);
  const [unionPayFocus, setUnionPayFocus] = useState(0);
  const unionPayProblem = (message: string | null) => {
    setUnionPayError(message);
    setUnionPayFocus((current) => current + 1);
  };

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
        created.on('cardTypeChange', (state) => {
          setCardType(state.cards.length === 1 ? state.cards[0].niceType : null);
          // Another card: an enrollment under way was for the one before.
          setUnionPayStep(null);
          setUnionPayError(null);
        });
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
    if (unionPayOn && cardType === 'UnionPay') {
      // UnionPay's own rails take the card (isSupported): it pays after the SMS enrollment. Other
      // UnionPay cards pay through the card rails as any card.
      try {
        const capabilities = await withUnionPay(gateway.client, (unionPay) => unionPay.fetchCapabilities({ hostedFields: unionPayView(fields) }));
        if (capabilities.isUnionPay && capabilities.unionPay?.isSupported) {
          setUnionPayError(null);
          setUnionPayStep({ stage: 'mobile' });
          setUnionPayFocus((current) => current + 1);
          return null;
        }
      } catch (error) {
        notify(unionPayWords(error).code);
        return null;
      }
    }
    payment.track();
    const tokenized = await fields.tokenize({
      cardholderName: cardholderName.trim(),
      billingAddress: { postalCode: customer.billing?.postal_code ?? undefined, countryCodeAlpha2: customer.billing?.country ?? undefined },
    });
    return { nonce: tokenized.nonce, bin: tokenized.details.bin };
  };

  /** The card with its enrollment (and SMS code, when UnionPay sent one). */
  const tokenizeEnrolled = (enrollmentId: string, code?: string) => async () => {
    if (!fields) return null;
    payment.track();
    try {
      const tokenized = await withUnionPay(gateway.client, (unionPay) => unionPay.tokenize({ hostedFields: unionPayView(fields), enrollmentId, smsCode: code }));
      setUnionPayStep(null);
      return { nonce: tokenized.nonce, bin: tokenized.details.bin };
    } catch (error) {
      const words = unionPayWords(error);
      if (words.code === ErrorCatalogue.UNIONPAY_CODE_WRONG.code && unionPayStep?.stage === 'code') {
        const wrongCodes = unionPayStep.wrongCodes + 1;
        setSmsCode('');
        // After the last try UnionPay spends the enrollment: a new code means enrolling again.
        setUnionPayStep(wrongCodes >= UNIONPAY_WRONG_CODES_ALLOWED ? { stage: 'mobile' } : { ...unionPayStep, wrongCodes });
        unionPayProblem(words.message);
      } else {
        setUnionPayStep({ stage: 'mobile' });
        unionPayProblem(words.message);
      }
      return null;
    }
  };

  const sendUnionPayCode = async () => {
    if (!fields || unionPayBusy) return;
    const number = mobile.number.replace(/[\s-]/g, '');
    if (!MOBILE_COUNTRY_CODE.test(mobile.countryCode) || !MOBILE_NUMBER.test(number)) {
      unionPayProblem(ErrorCatalogue.UNIONPAY_MOBILE_INVALID.message);
      return;
    }
    setUnionPayBusy(true);
    try {
      const enrolled = await withUnionPay(gateway.client, (unionPay) =>
        unionPay.enroll({ hostedFields: unionPayView(fields), mobile: { countryCode: mobile.countryCode, number } }),
      );
      setUnionPayError(null);
      if (enrolled.smsCodeRequired) {
        setSmsCode('');
        setUnionPayStep({ stage: 'code', enrollmentId: enrolled.enrollmentId, mobile: `${mobile.countryCode} ${number}`, wrongCodes: 0 });
      } else {
        await payment.payByCard(tokenizeEnrolled(enrolled.enrollmentId), saveCard);
      }
    } catch (error) {
      unionPayProblem(unionPayWords(error).message);
    } finally {
      setUnionPayBusy(false);
    }
  };

  const pay = () => {
    if (unionPayStep?.stage === 'code') {
      if (!/^\d{4,8}$/.test(smsCode)) return unionPayProblem(ErrorCatalogue.UNIONPAY_CODE_WRONG.message);
      return void payment.payByCard(tokenizeEnrolled(unionPayStep.enrollmentId, smsCode), saveCard);
    }
    void payment.payByCard(tokenize, saveCard, () => fields && setMessages(messagesFor(fields.getState())));
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
        {unionPayStep && !fieldsFailed && (
          <UnionPayEnrollmentForm
            step={unionPayStep}
            countryCode={mobile.countryCode}
            mobileNumber={mobile.number}
            smsCode={smsCode}
            error={unionPayError}
            busy={unionPayBusy || payment.busy}
            focusRequest={unionPayFocus}
            onCountryCode={(countryCode) => setMobile((current) => ({ ...current, countryCode }))}
            onMobileNumber={(number) => setMobile((current) => ({ ...current, number }))}
            onSmsCode={setSmsCode}
            onSendCode={() => void sendUnionPayCode()}
          />
        )}
      </div>
      {chosen && unionPayStep?.stage !== 'mobile' && (
        <Button busy={payment.busy || (!fields && !fieldsFailed)} disabled={fieldsFailed} onClick={pay}>
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
