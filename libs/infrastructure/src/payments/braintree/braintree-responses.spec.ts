import { ErrorCatalogue } from '@store/domain';
import { processorDeclineCode } from './braintree-responses';

describe('processorDeclineCode', () => {
  it('asks the payer to agree again when PayPal says they revoked the pre-approval (2071)', () => {
    expect(processorDeclineCode('2071')).toBe(ErrorCatalogue.PAYPAL_CONSENT_NEEDED.code);
  });

  it('keeps the other refusals where they were', () => {
    expect(processorDeclineCode('2004')).toBe(ErrorCatalogue.CARD_EXPIRED.code);
    expect(processorDeclineCode('2001')).toBe(ErrorCatalogue.PAYMENT_DECLINED_CHANGE_METHOD.code);
  });
});
