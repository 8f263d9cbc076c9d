import { DomainError } from '../errors/error-catalogue';
import { err, ok, type Result } from '../shared/result';
import { PAYING_GATEWAYS, type PayingGateway, type PaymentGateway } from './payment-gateways';

/**
 * Which gateway takes an order, by billing country, then by currency, then the default '*'.
 * 'none' switches payment off for that key (the store-unavailable notice shows).
 */
export type GatewayRules = ReadonlyMap<string, PayingGateway | 'none'>;

// A paying gateway is configured by its key; 'complimentary' is never configured, it follows from a zero total.
const RULE = new RegExp(`^([A-Z]{2,3}|\\*)=(${[...PAYING_GATEWAYS.map((gateway) => gateway.key), 'none'].join('|')})$`);

/**
 * Parses rules written as 'US=<gateway key>,USD=<gateway key>,CU=none,*=<gateway key>': two-letter
 * keys are billing countries, three-letter keys currencies, '*' the default.
 */
export function parseGatewayRules(text: string): Result<GatewayRules, DomainError> {
  const rules = new Map<string, PayingGateway | 'none'>();
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const match = RULE.exec(part);
    if (!match) return err(new DomainError('BAD_REQUEST', { message: `Not a gateway rule: ${part}` }));
    rules.set(match[1], match[2] as PayingGateway | 'none');
  }
  return ok(rules);
}

export interface GatewayQuestion {
  readonly billingCountry: string;
  readonly currency: string;
  readonly orderIsComplimentary: boolean;
}

/**
 * POST /data/determine-gateway/ (spec 2 §4): complimentary when nothing is to be paid; otherwise the
 * most specific rule; null when no rule names a gateway, which the page shows as payment unavailable.
 */
export function determineGateway(rules: GatewayRules, question: GatewayQuestion): PaymentGateway | null {
  if (question.orderIsComplimentary) return 'complimentary';
  const chosen = rules.get(question.billingCountry.toUpperCase()) ?? rules.get(question.currency.toUpperCase()) ?? rules.get('*');
  return chosen === undefined || chosen === 'none' ? null : chosen;
}
