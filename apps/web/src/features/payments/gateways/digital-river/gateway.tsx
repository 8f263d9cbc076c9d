import { MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { definePaymentGateway, type GatewaySectionProps, type GatewaySetup, type GatewaySetupInput } from '../gateway';
import { MerchantOfRecordSection } from './merchant-of-record-section';
import { useMerchantOfRecord, type MerchantOfRecord } from './use-merchant-of-record';

interface MerchantOfRecordPageSetup extends MerchantOfRecord, GatewaySetup {
  readonly wanted: boolean;
}

function useSetup({ basket, customer, locale, wanted }: GatewaySetupInput): MerchantOfRecordPageSetup {
  const mor = useMerchantOfRecord(basket, customer, locale, wanted);
  const ready = mor.setup.status === 'ready' ? mor.setup : null;
  return {
    ...mor,
    wanted,
    // Spec 2 §3: the merchant of record's session is its checkout; its source, once attached, completes the section.
    progress: { hasClientToken: false, hasEnvironment: false, hasPaymentSession: ready !== null, hasPaymentSource: ready !== null && ready.sourceId !== null },
  };
}

function Section({ setup, basket, customer, locale, active, consentRequired }: GatewaySectionProps<MerchantOfRecordPageSetup>) {
  return <MerchantOfRecordSection basket={basket} customer={customer} locale={locale} active={active} mor={setup} consentRequired={consentRequired} />;
}

/** The merchant of record (spec 2 §2): its checkout, totals and drop-in. */
export const digitalRiverGateway = definePaymentGateway({
  descriptor: MERCHANT_OF_RECORD_GATEWAY,
  useSetup,
  // Its section stays while the order is placed: the drop-in under the overlay holds what the shopper typed.
  shows: (setup, active) => setup.wanted && (active || setup.progress.hasPaymentSession),
  Section,
});
