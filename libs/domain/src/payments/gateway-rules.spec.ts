import { determineGateway, parseGatewayRules, type GatewayRules } from './gateway-rules';
import { PAYING_GATEWAYS } from './payment-gateways';

const rules = (text: string): GatewayRules => {
  const parsed = parseGatewayRules(text);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

describe('gateway rules', () => {
  const configured = rules('US=digital-river, USD=digital-river, CU=none, GBP=braintree, *=braintree');

  it('takes the billing country first, then the currency, then the default', () => {
    expect(determineGateway(configured, { billingCountry: 'US', currency: 'GBP', orderIsComplimentary: false })).toBe('digital-river');
    expect(determineGateway(configured, { billingCountry: 'PR', currency: 'USD', orderIsComplimentary: false })).toBe('digital-river');
    expect(determineGateway(configured, { billingCountry: 'de', currency: 'eur', orderIsComplimentary: false })).toBe('braintree');
  });

  it('is complimentary when nothing is to be paid, whatever the rules say', () => {
    expect(determineGateway(configured, { billingCountry: 'CU', currency: 'USD', orderIsComplimentary: true })).toBe('complimentary');
    expect(determineGateway(new Map(), { billingCountry: 'GB', currency: 'GBP', orderIsComplimentary: true })).toBe('complimentary');
  });

  it('names no gateway where payment is switched off or nothing matches', () => {
    expect(determineGateway(configured, { billingCountry: 'CU', currency: 'USD', orderIsComplimentary: false })).toBeNull();
    expect(determineGateway(rules('GB=braintree'), { billingCountry: 'FR', currency: 'EUR', orderIsComplimentary: false })).toBeNull();
  });

  it('refuses rules it cannot read, naming the part', () => {
    const parsed = parseGatewayRules('US=stripe');
    expect(!parsed.ok && parsed.error.message).toBe('Not a gateway rule: US=stripe');
    expect(parseGatewayRules('us=braintree').ok).toBe(false);
    expect(parseGatewayRules('').ok).toBe(true);
  });
});

describe('gateway rules and the registry', () => {
  it('reads every paying gateway the registry names, and nothing else', () => {
    for (const gateway of PAYING_GATEWAYS) expect(rules(`GB=${gateway.key}`).get('GB')).toBe(gateway.key);
    expect(parseGatewayRules('GB=complimentary').ok).toBe(false);
    expect(parseGatewayRules('GB=braintreex').ok).toBe(false);
  });
});
