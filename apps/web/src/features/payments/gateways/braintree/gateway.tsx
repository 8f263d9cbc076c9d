import { CARD_GATEWAY } from '@store/domain';
import { PaymentMethodsProblem } from '../../components/payment-methods-problem';
import { definePaymentGateway, type GatewaySectionProps, type GatewaySetup, type GatewaySetupInput } from '../gateway';
import { CardPaymentSection } from './card-payment-section';
import { useCardGatewaySetup, type CardGatewaySetup } from './use-card-gateway-setup';

interface CardGatewayPageSetup extends GatewaySetup {
  readonly card: CardGatewaySetup;
}

function useSetup({ basket, wanted }: GatewaySetupInput): CardGatewayPageSetup {
  const card = useCardGatewaySetup(basket?.reference ?? '', basket?.stale_hash ?? '', wanted);
  const ready = card.status === 'ready';
  return {
    card,
    progress: { hasClientToken: ready, hasEnvironment: ready, hasPaymentSession: false, hasPaymentSource: false },
    // A new version of the basket sets the gateway up afresh by itself.
    reset: () => undefined,
  };
}

/** The card gateway's section once it is set up; until then what is happening, or Retry. */
function Section({ setup, basket, customer, locale, consentRequired }: GatewaySectionProps<CardGatewayPageSetup>) {
  const { card } = setup;
  if (card.status === 'ready') {
    return <CardPaymentSection basket={basket} customer={customer} locale={locale} checkout={card.checkout} gateway={card.gateway} consentRequired={consentRequired} />;
  }
  if (card.status === 'failed') return <PaymentMethodsProblem onRetry={card.retry} />;
  return <p role="status">Loading payment details…</p>;
}

/** The card gateway (spec 2 §2): a card, a saved card and the wallets, in the store's own page. */
export const braintreeGateway = definePaymentGateway({
  descriptor: CARD_GATEWAY,
  useSetup,
  shows: (_setup, active) => active,
  Section,
});
