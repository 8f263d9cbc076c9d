import { methodAvailable, paymentMethod, type PaymentMethodDescriptor, type StoreFeature } from '@store/domain';
import type { Client } from 'braintree-web/client';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import type { MethodSetUp, OfferFacts } from '../../method';

type BankDebitKey = 'sepa' | 'us-bank-account';

const switchedOn = (key: BankDebitKey, checkout: OfferFacts['checkout']): boolean =>
  key === 'sepa' ? checkout.bank_debits.sepa : checkout.bank_debits.us_bank_account;

/** Only the currency the debit pays in can use it: otherwise the module is not worth downloading. */
const currencyFits = (key: BankDebitKey, currency: string): boolean => {
  const currencies = paymentMethod(key).availability.currencies;
  return currencies === 'any' || currencies.includes(currency.toUpperCase());
};

/** A bank debit's set-up: its braintree-web module, downloaded only when switched on for this currency, made once. */
export function bankDebitSetUp<Module extends { create(options: { client: Client }): Promise<Instance> }, Instance>(
  key: BankDebitKey,
  what: string,
  load: () => Promise<Module>,
): MethodSetUp<Module, Instance> {
  return {
    what,
    load: ({ checkout, currency }) => (switchedOn(key, checkout) && currencyFits(key, currency) ? load() : null),
    make: async (module, client) => {
      await yieldToMain();
      return module.create({ client });
    },
  };
}

/** Offered where the domain's rule says (country, currency, the store's switch) once the module is made. */
export function bankDebitOffered(key: BankDebitKey) {
  const descriptor = paymentMethod(key) as PaymentMethodDescriptor;
  const feature = descriptor.availability.feature as StoreFeature;
  return ({ checkout, country, currency }: OfferFacts, instance: unknown): boolean =>
    instance !== null && methodAvailable(descriptor, { billingCountry: country, currency, flags: switchedOn(key, checkout) ? [feature] : [] });
}

/**
 * The merchant account the client token was made for (the basket's currency's), as the gateway's
 * configuration names it: the sepa module must name it again.
 */
export function merchantAccountOf(client: Client): string {
  const configuration = (client as unknown as { getConfiguration(): { gatewayConfiguration: { merchantAccountId?: string; paypal?: { merchantAccountId?: string } } } })
    .getConfiguration().gatewayConfiguration;
  return configuration.merchantAccountId ?? configuration.paypal?.merchantAccountId ?? '';
}

/** A braintree-web error's code, told from anything else. */
export const providerCodeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
