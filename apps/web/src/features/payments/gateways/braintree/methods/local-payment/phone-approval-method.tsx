import { CARD_GATEWAY_OPTION_LABELS, type LocalPaymentMethod } from '@store/domain';
import { Button } from '@store/ui';
import { useRef, useState } from 'react';
import { defineMethod, type CardGatewayMethod, type MethodProps } from '../../method';
import { baseStartOptions, localMethodOffered, localPaymentSetUp, PHONE_MESSAGES, readPhone, type LocalPaymentKit } from './local-payment';
import { initialPhone, PhoneFields, type PhoneValue } from './local-payment-parts';
import { useLocalPayment } from './use-local-payment';

interface PhoneApprovalOptions {
  readonly key: Extract<LocalPaymentMethod, 'mbway' | 'bancomatpay'>;
  /** What the payer approves in (their MB WAY app, their bank's app). */
  readonly app: string;
}

/**
 * A method the payer approves in an app on their phone (MB WAY, Bancomat Pay: deferred types,
 * spec 3 §1): the number the request goes to, checked here in the provider's format (spec 3 §3),
 * then the order's page waits for the provider's word.
 */
function phoneApprovalPayment({ key, app }: PhoneApprovalOptions) {
  const label = CARD_GATEWAY_OPTION_LABELS[key];
  return function PhoneApprovalPayment({ customer, instance, chosen, payment, loadLimitMs }: MethodProps<LocalPaymentKit>) {
    const [phone, setPhone] = useState<PhoneValue>(() => initialPhone(customer.billing?.country ?? ''));
    const [errors, setErrors] = useState<{ countryCode?: string; number?: string }>({});
    const numberRef = useRef<HTMLInputElement>(null);
    const codeRef = useRef<HTMLInputElement>(null);
    const flow = useLocalPayment(key, instance, payment, loadLimitMs);
    if (!chosen || !instance) return null;

    const pay = async () => {
      const read = readPhone(phone.countryCode, phone.number);
      setErrors(read.errors);
      if (!read.phone) {
        (read.errors.countryCode ? codeRef : numberRef).current?.focus();
        return;
      }
      const outcome = await flow.startDeferred({
        ...baseStartOptions({ method: key, amount: payment.local.amount, currency: payment.local.currency, customer, returnUrl: flow.returnUrl }),
        phone: read.phone.number,
        phoneCountryCode: read.phone.countryCode,
      });
      // The provider refused the details: the phone number is what the shopper gave.
      if (outcome.kind === 'refused') {
        setErrors({ number: PHONE_MESSAGES.numberInvalid });
        numberRef.current?.focus();
      }
    };

    return (
      <div className="local-payment" data-testid={`local-payment-${key}`}>
        <p id={`${key}-how`}>
          We send the payment request to your phone: approve it in {app} within 15 minutes. Your order is ready once it is approved.
        </p>
        <PhoneFields
          idPrefix={key}
          value={phone}
          onChange={setPhone}
          errors={errors}
          hint={`The number registered with ${app}, without the country code`}
          numberRef={numberRef}
          codeRef={codeRef}
        />
        <Button busy={payment.busy} aria-describedby={`${key}-how`} onClick={() => void pay()}>
          Pay with {label}
        </Button>
      </div>
    );
  };
}

/** A phone-approved local method, as the registry holds it. */
export function phoneApprovalMethod(options: PhoneApprovalOptions): CardGatewayMethod {
  return defineMethod({
    key: options.key,
    setUp: localPaymentSetUp(CARD_GATEWAY_OPTION_LABELS[options.key]),
    offered: localMethodOffered(options.key),
    Component: phoneApprovalPayment(options),
  });
}
