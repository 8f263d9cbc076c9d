import fc from 'fast-check';
import { ErrorCatalogue } from '../errors/error-catalogue';
import {
  availableCardGatewayOptions,
  defaultCardGatewayOption,
  CARD_GATEWAY_OPTION_LABELS,
  CARD_GATEWAY_OPTION_METHOD,
  CARD_GATEWAY_OPTION_ORDER,
  parsePaymentMethodType,
  PAYMENT_METHOD_TYPES,
  methodAvailable,
  methodsOf,
  paymentMethod,
  PAYMENT_METHODS,
  isLocalPaymentMethod,
  LOCAL_PAYMENT_METHODS,
  SAVED_CARD_OPTION,
  type CardGatewayOption,
  type MethodContext,
  type PaymentMethodDescriptor,
  type PaymentMethodType,
} from './payment-methods';
import { CARD_GATEWAY, isPayingGateway, MERCHANT_OF_RECORD_GATEWAY } from './payment-gateways';
import { enabledFeatures, STORE_FEATURES } from './store-features';

describe('parsePaymentMethodType', () => {
  it.each(['apple-pay', 'bancomatpay', 'blik', 'card', 'google-pay', 'masterpass', 'mbway', 'merchant-of-record', 'pay-upon-invoice', 'payment-request', 'paypal', 'sepa', 'us-bank-account', 'venmo', 'visa-checkout'])('accepts %s', (type) => {
    expect(parsePaymentMethodType(type)).toEqual({ ok: true, value: type });
  });

  it.each<unknown>(['bitcoin', 'Card', 'CARD', ' card', 'saved-card', '', null, undefined, 3, {}])('rejects %p as a validation failure', (value) => {
    const result = parsePaymentMethodType(value);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(ErrorCatalogue.VALIDATION_FAILED.code);
      expect(result.error.fields).toEqual({ payment_method_type: ['This payment method is not available'] });
    }
  });

  it('accepts exactly the types spec 2 §4 lists and the local methods and bank debits of spec 3 §1', () => {
    expect(PAYMENT_METHOD_TYPES).toEqual(['apple-pay', 'bancomatpay', 'blik', 'card', 'google-pay', 'masterpass', 'mbway', 'merchant-of-record', 'pay-upon-invoice', 'payment-request', 'paypal', 'sepa', 'us-bank-account', 'venmo', 'visa-checkout']);
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(parsePaymentMethodType(value).ok).toBe((PAYMENT_METHOD_TYPES as readonly string[]).includes(value));
      }),
    );
  });
});

describe('PayPal preferred and the default option', () => {
  const all = new Set<CardGatewayOption>(['saved-card', 'apple-pay', 'paypal', 'google-pay']);
  it('lists PayPal first when the shopper prefers it, and only when it is offered', () => {
    expect(availableCardGatewayOptions({ offered: all, preferred: new Set(['paypal']) })).toEqual(['paypal', 'saved-card', 'card', 'apple-pay', 'google-pay']);
    const withoutPayPal = new Set<CardGatewayOption>(['saved-card', 'apple-pay', 'google-pay']);
    expect(availableCardGatewayOptions({ offered: withoutPayPal, preferred: new Set(['paypal']) })).toEqual(['saved-card', 'card', 'apple-pay', 'google-pay']);
  });
  it('opens on the saved methods when offered, otherwise on a new card', () => {
    expect(defaultCardGatewayOption(['paypal', 'saved-card', 'card'])).toBe('saved-card');
    expect(defaultCardGatewayOption(['paypal', 'card', 'google-pay'])).toBe('card');
  });
});

describe('availableCardGatewayOptions', () => {
  it.each<[CardGatewayOption[], string[]]>([
    [[], ['card']],
    [['saved-card'], ['saved-card', 'card']],
    [['apple-pay'], ['card', 'apple-pay']],
    [['paypal'], ['card', 'paypal']],
    [['google-pay'], ['card', 'google-pay']],
    [['google-pay', 'paypal'], ['card', 'paypal', 'google-pay']],
    [['google-pay', 'paypal', 'apple-pay', 'saved-card'], ['saved-card', 'card', 'apple-pay', 'paypal', 'google-pay']],
  ])('%j offers %j', (offered, options) => {
    expect(availableCardGatewayOptions({ offered: new Set(offered) })).toEqual(options);
  });

  const anySubset = fc.subarray([...CARD_GATEWAY_OPTION_ORDER]).map((options) => new Set(options));

  it('always keeps the canonical order, always offers a new card, and offers exactly what is offered', () => {
    expect(CARD_GATEWAY_OPTION_ORDER).toEqual(['saved-card', 'card', 'apple-pay', 'paypal', 'google-pay', 'masterpass', 'visa-checkout', 'payment-request', 'venmo', 'blik', 'mbway', 'bancomatpay', 'pay-upon-invoice', 'sepa', 'us-bank-account']);
    fc.assert(
      fc.property(anySubset, (offered) => {
        const options = availableCardGatewayOptions({ offered });
        // A subsequence of the canonical order: each option appears later in it than the one before.
        const positions = options.map((option) => CARD_GATEWAY_OPTION_ORDER.indexOf(option));
        positions.forEach((position, n) => {
          expect(position).toBeGreaterThanOrEqual(0);
          if (n > 0) expect(position).toBeGreaterThan(positions[n - 1]);
        });
        expect(options).toContain('card');
        for (const option of CARD_GATEWAY_OPTION_ORDER) if (option !== 'card') expect(options.includes(option)).toBe(offered.has(option));
        if (offered.has('saved-card')) expect(options[0]).toBe('saved-card');
      }),
    );
  });

  it('puts what the shopper prefers first, in the canonical order, and offers nothing more for it', () => {
    fc.assert(
      fc.property(anySubset, anySubset, (offered, preferred) => {
        const options = availableCardGatewayOptions({ offered, preferred });
        expect(new Set(options)).toEqual(new Set(availableCardGatewayOptions({ offered })));
        const firstUnpreferred = options.findIndex((option) => !preferred.has(option));
        if (firstUnpreferred >= 0) expect(options.slice(firstUnpreferred).some((option) => preferred.has(option))).toBe(false);
      }),
    );
  });

  it('labels the options and maps them to payment method types', () => {
    expect(CARD_GATEWAY_OPTION_LABELS.card).toBe('Credit/debit card');
    expect(CARD_GATEWAY_OPTION_LABELS['saved-card']).toBe('Saved payment methods');
    expect(CARD_GATEWAY_OPTION_METHOD['saved-card']).toBe('card');
    for (const option of CARD_GATEWAY_OPTION_ORDER) expect(PAYMENT_METHOD_TYPES).toContain(CARD_GATEWAY_OPTION_METHOD[option]);
  });
});

describe('the method descriptors', () => {
  it('describe every method type once, each within a known gateway', () => {
    expect(PAYMENT_METHODS.map((method) => method.key).sort()).toEqual([...PAYMENT_METHOD_TYPES]);
    for (const type of PAYMENT_METHOD_TYPES) {
      expect(paymentMethod(type).key).toBe(type);
      expect(isPayingGateway(paymentMethod(type).gateway)).toBe(true);
    }
  });

  it('keep the payment section’s order per gateway and derive the card gateway’s options from it', () => {
    expect(methodsOf(CARD_GATEWAY.key).map((method) => method.key)).toEqual(['card', 'apple-pay', 'paypal', 'google-pay', 'masterpass', 'visa-checkout', 'payment-request', 'venmo', 'blik', 'mbway', 'bancomatpay', 'pay-upon-invoice', 'sepa', 'us-bank-account']);
    expect(methodsOf(MERCHANT_OF_RECORD_GATEWAY.key).map((method) => method.key)).toEqual(['merchant-of-record']);
    expect(CARD_GATEWAY_OPTION_ORDER).toEqual([SAVED_CARD_OPTION, ...methodsOf(CARD_GATEWAY.key).map((method) => method.key)]);
    expect(CARD_GATEWAY_OPTION_LABELS).toEqual({
      'saved-card': 'Saved payment methods',
      card: 'Credit/debit card',
      'apple-pay': 'Apple Pay',
      paypal: 'PayPal',
      'google-pay': 'Google Pay',
      masterpass: 'Masterpass',
      'visa-checkout': 'Visa Checkout',
      'payment-request': 'Browser payment',
      venmo: 'Venmo',
      blik: 'BLIK',
      mbway: 'MB WAY',
      bancomatpay: 'Bancomat Pay',
      'pay-upon-invoice': 'Pay upon invoice',
      sepa: 'SEPA Direct Debit',
      'us-bank-account': 'US bank account (ACH)',
    });
    expect(CARD_GATEWAY_OPTION_METHOD).toEqual({
      'saved-card': 'card',
      card: 'card',
      'apple-pay': 'apple-pay',
      paypal: 'paypal',
      'google-pay': 'google-pay',
      masterpass: 'masterpass',
      'visa-checkout': 'visa-checkout',
      'payment-request': 'payment-request',
      venmo: 'venmo',
      blik: 'blik',
      mbway: 'mbway',
      bancomatpay: 'bancomatpay',
      'pay-upon-invoice': 'pay-upon-invoice',
      sepa: 'sepa',
      'us-bank-account': 'us-bank-account',
    });
  });

  it('say which methods the gateway can keep for next time: a card, a PayPal or Venmo account and a bank account', () => {
    expect(PAYMENT_METHODS.filter((method) => method.saveable).map((method) => method.key)).toEqual(['card', 'paypal', 'venmo', 'sepa', 'us-bank-account']);
  });
});

describe('methodAvailable', () => {
  const everything: MethodContext = { billingCountry: 'GB', currency: 'GBP', flags: [...STORE_FEATURES], capabilities: ['apple-pay-payments', 'google-pay-library', 'payment-request'] };
  const restricted: PaymentMethodDescriptor = {
    key: 'local-transfer',
    gateway: CARD_GATEWAY.key,
    label: 'Local transfer',
    saveable: false,
    completes: 'at-once',
    availability: { countries: ['NL', 'BE'], currencies: ['EUR'], feature: null, capability: null },
  };

  it('offers each method when everything it needs is in place', () => {
    for (const method of PAYMENT_METHODS) {
      // A local method only in its own country and currency.
      const where = method.availability.countries === 'any' ? {} : { billingCountry: method.availability.countries[0], currency: (method.availability.currencies as readonly string[])[0] };
      expect(methodAvailable(method, { ...everything, ...where })).toBe(true);
    }
  });

  it.each<[PaymentMethodType, string, string, boolean]>([
    ['blik', 'PL', 'PLN', true],
    ['blik', 'PL', 'EUR', false],
    ['blik', 'DE', 'PLN', false],
    ['mbway', 'PT', 'EUR', true],
    ['mbway', 'ES', 'EUR', false],
    ['bancomatpay', 'IT', 'EUR', true],
    ['bancomatpay', 'IT', 'GBP', false],
    ['pay-upon-invoice', 'DE', 'EUR', true],
    ['pay-upon-invoice', 'AT', 'EUR', false],
  ])('offers %s billed in %s in %s: %s', (type, billingCountry, currency, offered) => {
    expect(methodAvailable(paymentMethod(type), { ...everything, billingCountry, currency })).toBe(offered);
    // And never without the local payments switch.
    expect(methodAvailable(paymentMethod(type), { ...everything, billingCountry, currency, flags: ['paypal'] })).toBe(false);
  });

  it('switches the local methods on only with PayPal on the account too', () => {
    const settings = { cardGateway: true, applePay: false, googlePay: false, payPal: true, deviceData: false };
    expect(enabledFeatures({ ...settings, localPayments: true })).toEqual(['paypal', 'local-payments']);
    expect(enabledFeatures({ ...settings, payPal: false, localPayments: true })).toEqual([]);
    expect(enabledFeatures({ ...settings, localPayments: false })).toEqual(['paypal']);
    expect(enabledFeatures({ ...settings, cardGateway: false, localPayments: true })).toEqual([]);
  });

  it.each<[PaymentMethodType, string, string, boolean]>([
    ['sepa', 'PT', 'EUR', true],
    ['sepa', 'CH', 'EUR', true],
    ['sepa', 'US', 'EUR', false],
    ['sepa', 'PT', 'USD', false],
    ['us-bank-account', 'US', 'USD', true],
    ['us-bank-account', 'CA', 'USD', false],
    ['us-bank-account', 'US', 'EUR', false],
  ])('offers the bank debit %s billed in %s in %s: %s', (type, billingCountry, currency, offered) => {
    expect(methodAvailable(paymentMethod(type), { ...everything, billingCountry, currency })).toBe(offered);
    expect(methodAvailable(paymentMethod(type), { ...everything, billingCountry, currency, flags: ['paypal', 'local-payments'] })).toBe(false);
  });

  it('says which methods wait for the provider: the local ones, each with its payment type', () => {
    expect(LOCAL_PAYMENT_METHODS).toEqual(['blik', 'mbway', 'bancomatpay', 'pay-upon-invoice']);
    expect(PAYMENT_METHODS.filter((method) => method.completes === 'when-the-provider-says').map((method) => method.key)).toEqual([...LOCAL_PAYMENT_METHODS]);
    expect(LOCAL_PAYMENT_METHODS.map((key) => paymentMethod(key).localPaymentType)).toEqual(['blik', 'mbway', 'bancomatpay', 'pay_upon_invoice']);
    expect(isLocalPaymentMethod('blik')).toBe(true);
    expect(isLocalPaymentMethod('card')).toBe(false);
  });

  it.each<[PaymentMethodType, Partial<MethodContext>, boolean]>([
    ['card', { flags: [], capabilities: [] }, true],
    ['merchant-of-record', { flags: [] }, true],
    ['apple-pay', { flags: ['google-pay', 'paypal'] }, false],
    ['apple-pay', { capabilities: ['google-pay-library'] }, false],
    ['apple-pay', { capabilities: undefined }, true],
    ['google-pay', { capabilities: ['apple-pay-payments'] }, false],
    ['google-pay', { disabledCountries: ['gb'] }, false],
    ['google-pay', { disabledCountries: ['US'] }, true],
    ['paypal', { flags: ['apple-pay'] }, false],
    ['paypal', { capabilities: [] }, true],
    ['paypal', { disabledCountries: ['FR', 'GB'] }, false],
    ['card', { currency: undefined }, true],
  ])('%s with %j: %s', (type, change, offered) => {
    expect(methodAvailable(paymentMethod(type), { ...everything, ...change })).toBe(offered);
  });

  it.each<[Partial<MethodContext>, boolean]>([
    [{ billingCountry: 'nl', currency: 'eur' }, true],
    [{ billingCountry: 'BE', currency: 'EUR' }, true],
    [{ billingCountry: 'GB', currency: 'EUR' }, false],
    [{ billingCountry: 'NL', currency: 'GBP' }, false],
    [{ billingCountry: 'NL', currency: undefined }, false],
    [{ billingCountry: 'NL', currency: 'EUR', disabledCountries: ['NL'] }, false],
  ])('reads country and currency lists: %j gives %s', (change, offered) => {
    expect(methodAvailable(restricted, { ...everything, ...change })).toBe(offered);
  });
});
