import { money, toDecimalString, type CustomerJson } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useRef, useState } from 'react';
import { useLocale } from '../../../../../../lib/locale';
import { defineMethod, type MethodProps } from '../../method';
import { addressOf, baseStartOptions, invoiceLineItems, localMethodOffered, localPaymentSetUp, readPhone, type LocalPaymentKit } from '../local-payment/local-payment';
import { initialPhone, PhoneFields, type PhoneValue } from '../local-payment/local-payment-parts';
import { useLocalPayment } from '../local-payment/use-local-payment';
import { invoiceProblems, PAY_UPON_INVOICE_MESSAGES, type InvoiceField, type InvoiceProblems } from './invoice-checks';

/** Ratepay (the provider's partner for pay upon invoice) asks shops to show its terms beside the button. */
const RATEPAY_TERMS =
  'By choosing Pay upon invoice you agree to the terms of payment of our payment partner Ratepay and to its risk check. Ratepay sends the invoice and the bank details to your email address.';

/** The correlation id of braintree-web's data collector (spec 3 §3), from the gateway's device data or a collector of its own. */
async function correlationIdOf(deviceData: string | null, instance: LocalPaymentKit): Promise<string | undefined> {
  if (deviceData) {
    try {
      const id = (JSON.parse(deviceData) as { correlation_id?: unknown }).correlation_id;
      if (typeof id === 'string' && id) return id;
    } catch {
      // Not JSON: ask a collector of our own.
    }
  }
  try {
    const collector = await (await import('braintree-web/data-collector')).create({ client: instance.client });
    const id = collector.rawDeviceData.correlation_id;
    void collector.teardown().catch(() => undefined);
    return id;
  } catch {
    return undefined;
  }
}

/** The option braintree-web names missing (spec 3 §5), at the field the shopper can put right. */
const FIELD_OF_OPTION: Readonly<Record<string, InvoiceField>> = {
  birthDate: 'birthDate',
  phone: 'phone',
  phoneCountryCode: 'phoneCountryCode',
  email: 'email',
};

/**
 * Pay upon invoice (Germany, euros; spec 3 §1, §3, §5): the payer's date of birth and phone with
 * the billing address and email, the invoice's lines and tax from the basket, the locale, how to
 * reach customer service and the data collector's correlation id. A deferred type: Ratepay checks
 * and invoices the payer by email, and the order's page waits for the provider's word.
 */
function PayUponInvoicePayment({ customer, basket, gateway, instance, chosen, payment, loadLimitMs }: MethodProps<LocalPaymentKit>) {
  const locale = useLocale();
  const [birthDate, setBirthDate] = useState('');
  const [phone, setPhone] = useState<PhoneValue>(() => initialPhone(customer.billing?.country ?? ''));
  const [problems, setProblems] = useState<InvoiceProblems>({});
  const birthDateRef = useRef<HTMLInputElement>(null);
  const countryCodeRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLParagraphElement>(null);
  const addressRef = useRef<HTMLParagraphElement>(null);
  const flow = useLocalPayment('pay-upon-invoice', instance, payment, loadLimitMs);
  if (!chosen || !instance) return null;

  const focusFirst = (found: InvoiceProblems) => {
    const order = [
      [found.birthDate, birthDateRef],
      [found.phoneCountryCode, countryCodeRef],
      [found.phone, phoneRef],
      [found.email, emailRef],
      [found.address, addressRef],
    ] as const;
    order.find(([problem]) => problem)?.[1].current?.focus();
  };

  const pay = async () => {
    const read = readPhone(phone.countryCode, phone.number);
    const found = invoiceProblems({ customer, birthDate, phone: read.errors, today: new Date() });
    setProblems(found);
    if (Object.keys(found).length > 0 || !read.phone) {
      focusFirst(found);
      return;
    }
    const address = addressOf(customer);
    const country = (customer.billing?.country ?? 'DE').toUpperCase();
    const outcome = await flow.startDeferred({
      ...baseStartOptions({ method: 'pay-upon-invoice', amount: payment.local.amount, currency: payment.local.currency, customer, returnUrl: flow.returnUrl }),
      billingAddress: address,
      birthDate,
      phone: read.phone.number,
      phoneCountryCode: read.phone.countryCode,
      locale: `en-${country}`,
      customerServiceInstructions: `Affinity Store customer service: ${window.location.origin}/${locale.urlFriendly}/help/`,
      correlationId: await correlationIdOf(gateway.deviceData, instance),
      lineItems: invoiceLineItems(basket),
      ...(basket.pricing.applied_voucher ? { discountAmount: discountOf(basket.pricing.applied_voucher.amount) } : {}),
    });
    if (outcome.kind === 'refused') {
      const field = outcome.missingOption ? FIELD_OF_OPTION[outcome.missingOption] : undefined;
      const shown: InvoiceProblems = field ? { [field]: PAY_UPON_INVOICE_MESSAGES.refused[field] } : { form: PAY_UPON_INVOICE_MESSAGES.refused.form };
      setProblems(shown);
      focusFirst(shown);
    }
  };

  return (
    <div className="local-payment" data-testid="local-payment-pay-upon-invoice">
      <p>Pay within 14 days of the invoice, which Ratepay sends by email. We need a few details for its check.</p>
      <TextField
        ref={birthDateRef}
        id="invoice-birth-date"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        value={birthDate}
        error={problems.birthDate}
        onChange={(event) => setBirthDate(event.target.value)}
      />
      <PhoneFields
        idPrefix="invoice"
        value={phone}
        onChange={setPhone}
        errors={{ countryCode: problems.phoneCountryCode, number: problems.phone }}
        hint="Without the country code"
        numberRef={phoneRef}
        codeRef={countryCodeRef}
      />
      <p id="invoice-email" ref={emailRef} tabIndex={-1} aria-describedby={problems.email ? 'invoice-email-error' : undefined}>
        The invoice goes to <strong>{customer.email}</strong>.
      </p>
      {problems.email && (
        <p className="field__error" id="invoice-email-error">
          {problems.email}
        </p>
      )}
      <p id="invoice-address" ref={addressRef} tabIndex={-1} aria-describedby={problems.address ? 'invoice-address-error' : undefined}>
        Billing address: {summaryOf(customer)}
      </p>
      {problems.address && (
        <p className="field__error" id="invoice-address-error">
          {problems.address}
        </p>
      )}
      <p className="local-payment__terms" id="invoice-terms">
        {RATEPAY_TERMS}
      </p>
      {problems.form && (
        <p className="field__error" role="alert">
          {problems.form}
        </p>
      )}
      <Button busy={payment.busy} aria-describedby="invoice-terms" onClick={() => void pay()}>
        Pay upon invoice
      </Button>
    </div>
  );
}

const summaryOf = (customer: CustomerJson) => {
  const billing = customer.billing;
  return billing ? [billing.line_1, billing.line_2, billing.postal_code, billing.city, billing.country].filter(Boolean).join(', ') : 'none yet';
};

const discountOf = (amount: { readonly amount_minor: number; readonly currency: string }) => toDecimalString(money(amount.amount_minor, amount.currency));

export const payUponInvoiceMethod = defineMethod<typeof import('braintree-web/local-payment'), LocalPaymentKit>({
  key: 'pay-upon-invoice',
  setUp: localPaymentSetUp('Pay upon invoice'),
  offered: localMethodOffered('pay-upon-invoice'),
  Component: PayUponInvoicePayment,
});
