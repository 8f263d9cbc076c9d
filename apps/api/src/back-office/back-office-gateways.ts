import type { Provider } from '@nestjs/common';
import { CARD_GATEWAY_PORT, CaptureMerchantOfRecordSales, DISPUTE_GATEWAY, REFUND_GATEWAYS, type DisputeGateway, type RefundGateways } from '@store/application';
import { BraintreeCardGateway, BraintreeDisputes, BraintreeRefunds, DigitalRiverRefunds, PostgresUncapturedOrders } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The merchant of record's refunds and captures, where its keys are set. */
const MERCHANT_OF_RECORD_MONEY = Symbol('MerchantOfRecordMoney');

/**
 * The gateways' refunds and the card gateway's disputes, each where its gateway is configured:
 * the card gateway's share its SDK (and so its settings), the merchant of record's its keys; and
 * the merchant of record's captures of what the store delivered.
 */
export const BACK_OFFICE_GATEWAYS: Provider[] = [
  {
    provide: MERCHANT_OF_RECORD_MONEY,
    useFactory: (config: AppConfig): DigitalRiverRefunds | null =>
      config.DIGITAL_RIVER_SECRET_KEY ? new DigitalRiverRefunds({ apiUrl: config.DIGITAL_RIVER_API_URL, secretKey: config.DIGITAL_RIVER_SECRET_KEY, timeoutMs: config.DIGITAL_RIVER_TIMEOUT_MS }) : null,
    inject: [AppConfig],
  },
  {
    provide: REFUND_GATEWAYS,
    useFactory: (card: unknown, merchant: DigitalRiverRefunds | null): RefundGateways => ({
      ...(card instanceof BraintreeCardGateway ? { braintree: new BraintreeRefunds(card.sdk) } : {}),
      ...(merchant ? { 'digital-river': merchant } : {}),
    }),
    inject: [CARD_GATEWAY_PORT, MERCHANT_OF_RECORD_MONEY],
  },
  {
    provide: DISPUTE_GATEWAY,
    useFactory: (card: unknown): DisputeGateway | null => (card instanceof BraintreeCardGateway ? new BraintreeDisputes(card.sdk) : null),
    inject: [CARD_GATEWAY_PORT],
  },
  {
    provide: CaptureMerchantOfRecordSales,
    useFactory: (ds: DataSource, merchant: DigitalRiverRefunds | null) => new CaptureMerchantOfRecordSales(new PostgresUncapturedOrders(ds), merchant),
    inject: [DataSource, MERCHANT_OF_RECORD_MONEY],
  },
];
