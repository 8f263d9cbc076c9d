import type { Provider } from '@nestjs/common';
import { CARD_GATEWAY_PORT, DISPUTE_GATEWAY, REFUND_GATEWAYS, type DisputeGateway, type RefundGateways } from '@store/application';
import { BraintreeCardGateway, BraintreeDisputes, BraintreeRefunds, DigitalRiverRefunds } from '@store/infrastructure';
import { AppConfig } from '../config/app-config';

/**
 * The gateways' refunds and the card gateway's disputes, each where its gateway is configured:
 * the card gateway's share its SDK (and so its settings), the merchant of record's its keys.
 */
export const BACK_OFFICE_GATEWAYS: Provider[] = [
  {
    provide: REFUND_GATEWAYS,
    useFactory: (card: unknown, config: AppConfig): RefundGateways => ({
      ...(card instanceof BraintreeCardGateway ? { braintree: new BraintreeRefunds(card.sdk) } : {}),
      ...(config.DIGITAL_RIVER_SECRET_KEY
        ? { 'digital-river': new DigitalRiverRefunds({ apiUrl: config.DIGITAL_RIVER_API_URL, secretKey: config.DIGITAL_RIVER_SECRET_KEY, timeoutMs: config.DIGITAL_RIVER_TIMEOUT_MS }) }
        : {}),
    }),
    inject: [CARD_GATEWAY_PORT, AppConfig],
  },
  {
    provide: DISPUTE_GATEWAY,
    useFactory: (card: unknown): DisputeGateway | null => (card instanceof BraintreeCardGateway ? new BraintreeDisputes(card.sdk) : null),
    inject: [CARD_GATEWAY_PORT],
  },
];
